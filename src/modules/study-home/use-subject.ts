import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { call } from '../../api';
import { categoryList, genusList } from '../../contract/genus';
import { examContext, selectSubject } from '../../state/exam-context';

/**
 * The selected subject, choosing the first genus and category when none is stored yet.
 * (Issue 5 replaces the silent default with the category page and its history.)
 */
export function useSubject(): { genusId: number; categoryId: number; name: string } | null {
  const ctx = useSnapshot(examContext);
  useEffect(() => {
    if (ctx.genus_id !== null && ctx.category_id !== null) return;
    let live = true;
    (async () => {
      const genera = await call(genusList);
      const first = genera.status === 0 ? genera.data?.[0] : undefined;
      if (!first || !live) return;
      const cats = await call(categoryList, { genus_id: first.id });
      const cat = cats.status === 0 ? cats.data?.[0] : undefined;
      if (cat && live) selectSubject(first.id, cat.id, cat.name);
    })();
    return () => {
      live = false;
    };
  }, [ctx.genus_id, ctx.category_id]);
  if (ctx.genus_id === null || ctx.category_id === null) return null;
  return { genusId: ctx.genus_id, categoryId: ctx.category_id, name: ctx.category_name };
}

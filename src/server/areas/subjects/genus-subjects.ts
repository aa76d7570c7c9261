import type { OutputOf } from '../../../contract/endpoint';
import type * as subjects from '../../../contract/subjects';
import type { Services } from '../../http/context';
import { badInput, notFound } from '../../http/errors';

/** Refuses a genus/category pair that does not exist or does not belong together (400). */
export async function ensureSubject(s: Services, genusId: number, categoryId: number): Promise<void> {
  const row = await s.db.kysely.selectFrom('categories').select('genus_id').where('id', '=', categoryId).executeTakeFirst();
  if (!row) throw badInput(`参数 category_id ${categoryId} 不存在`);
  if (row.genus_id !== genusId) throw badInput(`参数 category_id ${categoryId} 不属于 genus_id ${genusId}`);
}

/** Refuses an unknown genus (404). */
export async function ensureGenus(s: Services, genusId: number): Promise<void> {
  const row = await s.db.kysely.selectFrom('genera').select('id').where('id', '=', genusId).executeTakeFirst();
  if (!row) throw notFound(`考试大类 genus_id ${genusId} `);
}

export async function listGenera(s: Services): Promise<OutputOf<typeof subjects.genusList>> {
  return s.db.kysely.selectFrom('genera').selectAll().orderBy('sort').orderBy('id').execute();
}

/** The categories of a genus in display order; an unknown genus is a 404. */
export async function listCategories(s: Services, genusId: number): Promise<OutputOf<typeof subjects.categoryList>> {
  await ensureGenus(s, genusId);
  return s.db.kysely.selectFrom('categories').selectAll().where('genus_id', '=', genusId).orderBy('sort').orderBy('id').execute();
}

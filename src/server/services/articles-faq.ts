import type { FaqItem } from '../../contract/articles';
import type { RequestContext } from '../http/context';
import { badInput, notFound } from '../http/errors';
import { ensureSubject } from './subjects';
import { FAQ_TYPE_NAMES } from './articles-kinds';

const FAQ_COLUMNS = ['id', 'genus_id', 'category_id', 'type', 'question', 'view_count'] as const;

export interface FaqQuery {
  genus_id?: number;
  category_id?: number;
  type?: number;
  offset: number;
  limit: number;
}

function withTypeName<T extends { type: number }>(row: T): T & { type_name: string } {
  return { ...row, type_name: FAQ_TYPE_NAMES[row.type] ?? '' };
}

/** Refuses a category without its genus, an unknown genus (404) or a category of another genus (400). */
async function checkSubject(ctx: RequestContext, q: FaqQuery): Promise<void> {
  if (q.genus_id === undefined) {
    if (q.category_id !== undefined) throw badInput('参数 category_id 须与 genus_id 一起传');
    return;
  }
  const genus = await ctx.db.kysely.selectFrom('genera').select('id').where('id', '=', q.genus_id).executeTakeFirst();
  if (!genus) throw notFound(`考试大类 genus_id ${q.genus_id} `);
  if (q.category_id !== undefined) await ensureSubject(ctx, q.genus_id, q.category_id);
}

/**
 * One page of FAQ: without a subject only the shared questions (genus NULL); with a genus also that
 * genus's own; with a category, the genus's questions for every category or for that one.
 * Ordered by type, then the editor's sort, then id.
 */
export async function listFaq(ctx: RequestContext, q: FaqQuery): Promise<FaqItem[]> {
  await checkSubject(ctx, q);
  let sql = ctx.db.kysely.selectFrom('faqs').select(FAQ_COLUMNS);
  const { genus_id: genusId, category_id: categoryId, type } = q;
  if (genusId === undefined) sql = sql.where('genus_id', 'is', null);
  else sql = sql.where((eb) => eb.or([eb('genus_id', 'is', null), eb('genus_id', '=', genusId)]));
  if (categoryId !== undefined) sql = sql.where((eb) => eb.or([eb('category_id', 'is', null), eb('category_id', '=', categoryId)]));
  if (type !== undefined) sql = sql.where('type', '=', type);
  const rows = await sql.orderBy('type').orderBy('sort').orderBy('id').limit(q.limit).offset(q.offset).execute();
  return rows.map(withTypeName);
}

export async function faqDetail(ctx: RequestContext, id: number) {
  const row = await ctx.db.kysely
    .selectFrom('faqs')
    .select([...FAQ_COLUMNS, 'answer', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`常见问题 id ${id} `);
  return withTypeName(row);
}

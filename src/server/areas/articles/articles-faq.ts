import type * as articles from '../../../contract/articles';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { badInput, notFound } from '../../http/errors';
import { ensureGenus, ensureSubject } from '../subjects';
import { articleHtml } from './article-html';
import { FAQ_TYPE_NAMES } from './articles-kinds';

type FaqQuery = ParsedInputOf<typeof articles.faqList>;

/** The list leaves out the Markdown answer it never shows. */
const FAQ_WITHOUT_ANSWER = ['id', 'genus_id', 'category_id', 'type', 'question', 'view_count'] as const;

function withTypeName<T extends { type: number }>(row: T): T & { type_name: string } {
  return { ...row, type_name: FAQ_TYPE_NAMES[row.type] ?? '' };
}

/** Refuses a category without its genus, an unknown genus (404) or a category of another genus (400). */
async function checkSubject(s: Services, q: FaqQuery): Promise<void> {
  if (q.genus_id === undefined) {
    if (q.category_id !== undefined) throw badInput('参数 category_id 须与 genus_id 一起传');
    return;
  }
  await ensureGenus(s, q.genus_id);
  if (q.category_id !== undefined) await ensureSubject(s, q.genus_id, q.category_id);
}

/**
 * One page of FAQ: without a subject only the shared questions (genus NULL); with a genus also that
 * genus's own; with a category, the genus's questions for every category or for that one.
 * Ordered by type, then the editor's sort, then id.
 */
export async function listFaq(s: Services, q: FaqQuery): Promise<OutputOf<typeof articles.faqList>> {
  await checkSubject(s, q);
  let sql = s.db.kysely.selectFrom('faqs').select(FAQ_WITHOUT_ANSWER);
  const { genus_id: genusId, category_id: categoryId, type } = q;
  if (genusId === undefined) sql = sql.where('genus_id', 'is', null);
  else sql = sql.where((eb) => eb.or([eb('genus_id', 'is', null), eb('genus_id', '=', genusId)]));
  if (categoryId !== undefined) sql = sql.where((eb) => eb.or([eb('category_id', 'is', null), eb('category_id', '=', categoryId)]));
  if (type !== undefined) sql = sql.where('type', '=', type);
  const rows = await sql.orderBy('type').orderBy('sort').orderBy('id').limit(q.limit).offset(q.offset).execute();
  return rows.map(withTypeName);
}

export async function faqDetail(s: Services, id: number): Promise<OutputOf<typeof articles.faqDetail>> {
  const row = await s.db.kysely.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`常见问题 id ${id} `);
  return { ...withTypeName(row), answer_html: articleHtml(row.answer) };
}

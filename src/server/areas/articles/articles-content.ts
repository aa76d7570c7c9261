import type * as articles from '../../../contract/articles';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { articleHtml, withContentHtml } from './article-html';
import { ARTICLE_KIND, SKILL_DB_KINDS, type SkillKind, skillDbKind, skillKindOf } from './articles-kinds';

/**
 * Reads one article (a row of content_articles) of a kind. An id of another kind is "not found", so e.g.
 * a politics skill id never opens through the math endpoint. `label` names the thing and its field in the 404 message.
 */
export async function articleOfKind(s: Services, kind: string, id: number, label: string) {
  const row = await s.db.kysely.selectFrom('content_articles').selectAll().where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`${label} ${id} `);
  return row;
}

/** The list leaves out the Markdown body it never shows. */
const SKILL_WITHOUT_BODY = ['id', 'kind', 'title', 'summary', 'author', 'published_at'] as const;

/** One page of skill articles (of one kind, or all), newest first; `kind` is the contract's name of the stored kind. */
export async function listSkills(s: Services, q: ParsedInputOf<typeof articles.skillList>): Promise<OutputOf<typeof articles.skillList>> {
  let sql = s.db.kysely.selectFrom('content_articles').select(SKILL_WITHOUT_BODY);
  sql = q.kind ? sql.where('kind', '=', skillDbKind(q.kind)) : sql.where('kind', 'in', [...SKILL_DB_KINDS]);
  const rows = await sql.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(q.count).offset(q.offset).execute();
  return rows.map((r) => ({ ...r, kind: skillKindOf(r.kind) }));
}

export async function skillDetail(
  s: Services,
  kind: SkillKind,
  id: number,
  label: string,
): Promise<OutputOf<typeof articles.politicsSkillDetail>> {
  return { ...withContentHtml(await articleOfKind(s, skillDbKind(kind), id, label)), kind };
}

/** A study-plan guide article by its page type (the stored slug); its publication time is the reply's updated_at. */
export async function guideArticle(
  s: Services,
  type: ParsedInputOf<typeof articles.skillReadInfo>['type'],
): Promise<OutputOf<typeof articles.skillReadInfo>> {
  const row = await s.db.kysely
    .selectFrom('content_articles')
    .select(['title', 'content', 'published_at'])
    .where('kind', '=', ARTICLE_KIND.guide)
    .where('slug', '=', type)
    .executeTakeFirst();
  if (!row) throw notFound(`说明文章 type ${type} `);
  return { type, title: row.title, content: row.content, content_html: articleHtml(row.content), updated_at: row.published_at };
}

/** The feedback help article with this id, or the first one (editor's order) without an id. */
export async function feedbackHelp(s: Services, id: number | undefined): Promise<OutputOf<typeof articles.feedbackHtmlContent>> {
  let sql = s.db.kysely
    .selectFrom('content_articles')
    .select(['id', 'title', 'content', 'published_at'])
    .where('kind', '=', ARTICLE_KIND.feedbackHelp);
  sql = id === undefined ? sql.orderBy('sort').orderBy('id').limit(1) : sql.where('id', '=', id);
  const row = await sql.executeTakeFirst();
  if (!row) throw notFound(id === undefined ? '反馈说明' : `反馈说明 id ${id} `);
  return { id: row.id, title: row.title, content: row.content, content_html: articleHtml(row.content), updated_at: row.published_at };
}

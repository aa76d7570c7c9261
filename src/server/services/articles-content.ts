import type { RequestContext } from '../http/context';
import { notFound } from '../http/errors';
import { SKILL_DB_KINDS, type SkillKind, skillDbKind, skillKindOf } from './articles-kinds';

/**
 * Reads one content article of a kind. An id of another kind is "not found", so e.g. a politics
 * skill id never opens through the math endpoint. `label` names the thing and its field in the 404 message.
 */
export async function articleOfKind(ctx: RequestContext, kind: string, id: number, label: string) {
  const row = await ctx.db.kysely
    .selectFrom('content_articles')
    .selectAll()
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`${label} ${id} `);
  return row;
}

const SKILL_COLUMNS = ['id', 'kind', 'title', 'summary', 'author', 'published_at'] as const;

export async function listSkills(ctx: RequestContext, q: { kind?: SkillKind; offset: number; count: number }) {
  let sql = ctx.db.kysely.selectFrom('content_articles').select(SKILL_COLUMNS);
  sql = q.kind ? sql.where('kind', '=', skillDbKind(q.kind)) : sql.where('kind', 'in', [...SKILL_DB_KINDS]);
  const rows = await sql.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(q.count).offset(q.offset).execute();
  return rows.map((r) => ({ ...r, kind: skillKindOf(r.kind) }));
}

export async function skillDetail(ctx: RequestContext, kind: SkillKind, id: number, label: string) {
  const r = await articleOfKind(ctx, skillDbKind(kind), id, label);
  return {
    id: r.id,
    kind,
    title: r.title,
    summary: r.summary,
    author: r.author,
    published_at: r.published_at,
    content: r.content,
    view_count: r.view_count,
  };
}

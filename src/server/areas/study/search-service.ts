/**
 * Subject-scoped search over news, strategies, courses and e-books, by title and body.
 *
 * SQLite: each table has an external-content FTS5 table `<table>_fts` (trigram tokenizer, kept in sync by
 * triggers; migration 0003). PostgreSQL: GIN pg_trgm indexes on title and body serve `ILIKE '%term%'`.
 * Ranking: rows with every term in the title first, then newest first, then highest id. Terms shorter than three
 * characters cannot use a trigram index: they filter the rows the index found, or, when the whole word is short,
 * match titles only (within the subject, through its btree index) — bodies are never scanned per request.
 *
 * This is the search engine: its functions take the connection (`Db`) rather than `Services`, so the benchmark
 * (scripts/bench-search.ts) and the query-plan tests call them without a server. The route's service is ./study-search.ts.
 */
import { type RawBuilder, sql } from 'kysely';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { SearchHit, SearchKind, search } from '../../../contract/study';
import type { Db } from '../../db/connect';
import { ftsQuery, likePattern, parseTerms, type SearchTerms } from './search-terms';

export interface SearchSource {
  kind: SearchKind;
  table: 'news' | 'strategies' | 'courses' | 'ebooks';
  title: string;
  body: string;
  /** Column shown as the summary (trimmed to SUMMARY_MAX). */
  summary: string;
  /** Recency column (unix seconds). */
  time: string;
}

/** Must match SEARCHABLE in db/migrations/0003_study.ts. */
export const SEARCH_SOURCES: readonly SearchSource[] = [
  { kind: 'news', table: 'news', title: 'title', body: 'content', summary: 'summary', time: 'published_at' },
  { kind: 'strategy', table: 'strategies', title: 'title', body: 'content', summary: 'summary', time: 'published_at' },
  { kind: 'course', table: 'courses', title: 'name', body: 'intro', summary: 'intro', time: 'created_at' },
  { kind: 'ebook', table: 'ebooks', title: 'name', body: 'intro', summary: 'intro', time: 'created_at' },
];

const SUMMARY_MAX = 60;

/** The search endpoint's input (kept under this name for scripts/bench-search.ts). */
export type SearchQuery = ParsedInputOf<typeof search>;
type SearchResult = OutputOf<typeof search>;

export interface Row {
  id: number;
  title: string;
  summary: string;
  cover: string;
  published_at: number;
  title_hit: number;
}

const ESC = sql.raw(`ESCAPE '\\'`);
const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);
const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);

/** `CASE WHEN every term is in the title THEN 1 ELSE 0 END`. */
function titleHit(src: SearchSource, terms: SearchTerms, like: string): RawBuilder<unknown> {
  const t = col('t', src.title);
  return sql`CASE WHEN ${and(terms.all.map((w) => sql`${t} ${sql.raw(like)} ${likePattern(w)} ${ESC}`))} THEN 1 ELSE 0 END`;
}

/** A term in the title or the body (only ever applied to rows an index already narrowed down). */
function inTitleOrBody(src: SearchSource, w: string, like: string): RawBuilder<unknown> {
  const p = likePattern(w);
  return sql`(${col('t', src.title)} ${sql.raw(like)} ${p} ${ESC} OR ${col('t', src.body)} ${sql.raw(like)} ${p} ${ESC})`;
}

function select(src: SearchSource, terms: SearchTerms, like: string): RawBuilder<unknown> {
  return sql`t.id AS id, ${col('t', src.title)} AS title, ${col('t', src.summary)} AS summary, t.cover AS cover,
    ${col('t', src.time)} AS published_at, ${titleHit(src, terms, like)} AS title_hit`;
}

function order(src: SearchSource, limit: number): RawBuilder<unknown> {
  return sql`ORDER BY title_hit DESC, ${col('t', src.time)} DESC, t.id DESC LIMIT ${limit}`;
}

function sqliteQuery(src: SearchSource, q: SearchQuery, terms: SearchTerms): RawBuilder<Row> {
  const table = sql.raw(src.table);
  const subject = sql`t.genus_id = ${q.genus_id} AND t.category_id = ${q.category_id}`;
  if (terms.indexed.length === 0) {
    const inTitle = terms.short.map((w) => sql`${col('t', src.title)} LIKE ${likePattern(w)} ${ESC}`);
    return sql<Row>`SELECT ${select(src, terms, 'LIKE')} FROM ${table} t WHERE ${subject} AND ${and(inTitle)} ${order(src, q.count)}`;
  }
  // The full-text match runs once and yields a rowid set; the subject's btree index (covering, no row reads) is
  // walked and checked against it, and only matching rows are read. `+t.id` keeps the planner from looking up
  // every matched rowid instead (all subjects' matches, each a row read) and a join on rowid from re-running the
  // match per subject row: both measured 5–10× slower on 50,000 rows (scripts/bench-search.ts).
  const fts = sql.raw(`${src.table}_fts`);
  const rest = terms.short.map((w) => sql` AND ${inTitleOrBody(src, w, 'LIKE')}`);
  return sql<Row>`SELECT ${select(src, terms, 'LIKE')} FROM ${table} t
    WHERE +t.id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${ftsQuery(terms.indexed)}) AND ${subject}${sql.join(rest, sql``)}
    ${order(src, q.count)}`;
}

function postgresQuery(src: SearchSource, q: SearchQuery, terms: SearchTerms): RawBuilder<Row> {
  const table = sql.raw(src.table);
  const subject = sql`t.genus_id = ${q.genus_id} AND t.category_id = ${q.category_id}`;
  const filters =
    terms.indexed.length === 0
      ? terms.short.map((w) => sql`${col('t', src.title)} ILIKE ${likePattern(w)} ${ESC}`)
      : terms.all.map((w) => inTitleOrBody(src, w, 'ILIKE'));
  return sql<Row>`SELECT ${select(src, terms, 'ILIKE')} FROM ${table} t WHERE ${subject} AND ${and(filters)} ${order(src, q.count)}`;
}

function trimSummary(s: string): string {
  const chars = [...s.replace(/\s+/g, ' ').trim()];
  return chars.length > SUMMARY_MAX ? `${chars.slice(0, SUMMARY_MAX - 1).join('')}…` : chars.join('');
}

/** The SQL of one kind's search (exported so tests can check its query plan). */
export function searchQueryFor(db: Db, src: SearchSource, q: SearchQuery, terms: SearchTerms = parseTerms(q.word)): RawBuilder<Row> {
  return db.dialect === 'postgres' ? postgresQuery(src, q, terms) : sqliteQuery(src, q, terms);
}

/** Searches one kind; exported for the benchmark. */
export async function searchKind(db: Db, src: SearchSource, q: SearchQuery, terms: SearchTerms = parseTerms(q.word)): Promise<SearchHit[]> {
  if (terms.all.length === 0) return [];
  const { rows } = await searchQueryFor(db, src, q, terms).execute(db.kysely);
  return rows.map((r) => ({
    kind: src.kind,
    id: Number(r.id),
    title: r.title,
    summary: trimSummary(r.summary),
    cover: r.cover,
    published_at: Number(r.published_at),
    title_hit: Number(r.title_hit),
  }));
}

/** Results grouped by kind; `total` counts the results returned. */
export async function searchContent(db: Db, q: SearchQuery): Promise<SearchResult> {
  const terms = parseTerms(q.word);
  const lists =
    db.dialect === 'postgres'
      ? await Promise.all(SEARCH_SOURCES.map((s) => searchKind(db, s, q, terms)))
      : await SEARCH_SOURCES.reduce<Promise<SearchHit[][]>>(
          async (acc, s) => [...(await acc), await searchKind(db, s, q, terms)],
          Promise.resolve([]),
        );
  const out = { word: terms.all.join(' '), total: 0, news: [], strategy: [], course: [], ebook: [] } as SearchResult;
  SEARCH_SOURCES.forEach((s, i) => {
    out[s.kind] = lists[i] ?? [];
    out.total += out[s.kind].length;
  });
  return out;
}

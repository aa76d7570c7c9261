/**
 * Search words → terms. A word is split on whitespace into at most MAX_TERMS distinct terms; a row must contain
 * every term. Terms of MIN_INDEXED characters or more are served by the full-text index (SQLite FTS5 trigram,
 * PostgreSQL pg_trgm); shorter ones cannot be (a trigram needs three characters) and only filter rows the index
 * found, or, when every term is short, are looked up in titles only.
 */
export const MIN_INDEXED = 3;
export const MAX_TERMS = 5;

export interface SearchTerms {
  /** Every term, in the order typed, without case-insensitive duplicates. */
  all: string[];
  /** Terms the trigram index can serve (≥ 3 characters). */
  indexed: string[];
  /** Terms of 1–2 characters. */
  short: string[];
}

/** Length in Unicode code points (what the trigram tokenizers count). */
export function charLength(s: string): number {
  return [...s].length;
}

export function parseTerms(word: string): SearchTerms {
  const seen = new Set<string>();
  const all: string[] = [];
  for (const t of word.trim().split(/\s+/)) {
    const key = t.toLowerCase();
    if (!t || seen.has(key)) continue;
    seen.add(key);
    all.push(t);
    if (all.length === MAX_TERMS) break;
  }
  return {
    all,
    indexed: all.filter((t) => charLength(t) >= MIN_INDEXED),
    short: all.filter((t) => charLength(t) < MIN_INDEXED),
  };
}

/** `%term%` with LIKE wildcards escaped by a backslash (use with `ESCAPE '\'`). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase: the term in double quotes, inner quotes doubled (no FTS5 syntax can leak in). */
export function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** FTS5 MATCH expression requiring every indexed term. */
export function ftsQuery(terms: readonly string[]): string {
  return terms.map(ftsPhrase).join(' AND ');
}

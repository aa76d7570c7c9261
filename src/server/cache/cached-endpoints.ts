import type { AnyEndpoint } from '../../contract/endpoint';
import * as framework from '../../contract/framework';
import * as pages from '../../contract/pages';
import * as study from '../../contract/study';
import * as genus from '../../contract/study-genus';
import * as subjects from '../../contract/subjects';

/** What a cached reply depends on: a write to one of `tables` (or a page-config reload, `pages`) invalidates it. */
export interface CachePolicy {
  /** Every table the service reads for the reply (checks like `ensureSubject` included). */
  readonly tables: readonly string[];
  readonly pages?: boolean;
  /** Cache only these inputs (e.g. the first pages of a list); every input when absent. */
  readonly when?: (input: Record<string, unknown>) => boolean;
}

/** Lists are cached for their first pages, where readers are; deeper pages are read from the database. */
const FIRST_PAGES = 50;
const firstPages = (input: Record<string, unknown>) => Number(input.offset ?? 0) < FIRST_PAGES;

/**
 * The read-mostly public replies served from memory (src/server/http/register.ts). Only unencrypted reads (GET, or
 * a POST that writes nothing) with auth `none` or `optional` may be here (checked at start), and an `optional` one is cached only for requests
 * without an `Authorization` header: a reply cached here is the same for every anonymous caller.
 * A table listed here must also get a version trigger on PostgreSQL (migrations/0007_cache_versions.ts), else its
 * replies are not cached there (a warning is logged).
 */
export const CACHED_ENDPOINTS: ReadonlyArray<readonly [AnyEndpoint, CachePolicy]> = [
  [subjects.genusList, { tables: ['genera'] }],
  [subjects.categoryList, { tables: ['genera', 'categories'] }],
  [genus.news, { tables: ['categories', 'news'], when: firstPages }],
  [genus.newsDetailEndpoint, { tables: ['news'] }],
  [genus.noticeList, { tables: ['notices'], when: firstPages }],
  [genus.bannerList, { tables: ['categories', 'banners'] }],
  [genus.hotWordList, { tables: ['hot_words'], when: firstPages }],
  [genus.homePageNews, { tables: ['news'] }],
  [genus.homePage, { tables: ['categories', 'news', 'strategies'], when: firstPages }],
  [framework.topLevelDistricts, { tables: ['districts'] }],
  [framework.childDistricts, { tables: ['districts'] }],
  [pages.pageManifest, { tables: [], pages: true }],
  [pages.pageConfig, { tables: [], pages: true }],
  // A POST only because the word may be long; read-only, and the hot words make a few searches most of them.
  [study.search, { tables: ['categories', 'news', 'strategies', 'courses', 'ebooks'] }],
];

export function cachePolicyOf(e: AnyEndpoint): CachePolicy | undefined {
  const found = CACHED_ENDPOINTS.find(([c]) => c.id === e.id)?.[1];
  if (found && (e.method === 'DELETE' || e.auth === 'required' || e.encrypt)) {
    throw new Error(`${e.id} cannot be cached: only public, unencrypted reads are the same for every caller`);
  }
  return found;
}

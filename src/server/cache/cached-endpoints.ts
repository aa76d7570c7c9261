import type { AnyEndpoint } from '../../contract/endpoint';
import * as framework from '../../contract/framework';
import * as genus from '../../contract/genus';
import * as pages from '../../contract/pages';

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
 * The read-mostly public replies served from memory (src/server/http/register.ts). Only unencrypted GET endpoints
 * with auth `none` or `optional` may be here (checked at start), and an `optional` one is cached only for requests
 * without an `Authorization` header: a reply cached here is the same for every anonymous caller.
 * A table listed here must also get a version trigger on PostgreSQL (migrations/0007_cache_versions.ts), else its
 * replies are not cached there (a warning is logged).
 */
export const CACHED_ENDPOINTS: ReadonlyArray<readonly [AnyEndpoint, CachePolicy]> = [
  [genus.genusList, { tables: ['genera'] }],
  [genus.categoryList, { tables: ['genera', 'categories'] }],
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
];

export function cachePolicyOf(e: AnyEndpoint): CachePolicy | undefined {
  const found = CACHED_ENDPOINTS.find(([c]) => c.id === e.id)?.[1];
  if (found && (e.method !== 'GET' || e.auth === 'required' || e.encrypt)) {
    throw new Error(`${e.id} cannot be cached: only public, unencrypted GET replies are the same for every caller`);
  }
  return found;
}

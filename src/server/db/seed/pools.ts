import type { CategoryPool, GenusPool, NewsContent } from '../../content/kinds/news';

/**
 * The pools for a subject (content/demo/news/pools/): unknown genus names use the `"genus": "*"` pool, unknown
 * category names the genus's first category, a genus without categories the fallback pool's first category.
 */
export function poolsFor(content: NewsContent, genusName: string, categoryName: string): { genus: GenusPool; category: CategoryPool } {
  const fallback = content.pools.get('*');
  const genus = content.pools.get(genusName) ?? fallback;
  if (!genus) throw new Error('no news pool for the genus and no fallback pool');
  const category = genus.categories[categoryName] ?? Object.values(genus.categories)[0] ?? Object.values(fallback?.categories ?? {})[0];
  if (!category) throw new Error(`no news pool for category ${categoryName}`);
  return { genus, category };
}

import { CET_POOL } from './cet';
import { DRIVING_POOL } from './driving';
import { GENERIC_CATEGORY, GENERIC_POOL } from './generic';
import { KAOYAN_POOL } from './kaoyan';
import { NCRE_POOL } from './ncre';
import { TEACHER_POOL } from './teacher';
import type { CategoryPool, GenusPool } from './types';

export type { CategoryPool, GenusPool, Kind, TitlePattern } from './types';

const BY_GENUS: Readonly<Record<string, GenusPool>> = {
  英语四六级: CET_POOL,
  计算机等级: NCRE_POOL,
  考研: KAOYAN_POOL,
  驾照: DRIVING_POOL,
  教师资格证: TEACHER_POOL,
};

/** The pools for a subject; unknown genus or category names fall back to generic content. */
export function poolsFor(genusName: string, categoryName: string): { genus: GenusPool; category: CategoryPool } {
  const genus = BY_GENUS[genusName] ?? GENERIC_POOL;
  const category = genus.categories[categoryName] ?? Object.values(genus.categories)[0] ?? GENERIC_CATEGORY;
  return { genus, category };
}

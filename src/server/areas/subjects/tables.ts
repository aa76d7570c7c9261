import type { Generated } from 'kysely';

/** Tables of the subject choice: 大类 (genera) and 科目 (categories) (joined into Database in ../../db/schema.ts). */

/** An exam genus (考试大类). */
export interface GenusTable {
  id: Generated<number>;
  name: string;
  icon: string;
  description: string;
  sort: number;
}

/** A subject (科目) of a genus. */
export interface CategoryTable {
  id: Generated<number>;
  genus_id: number;
  name: string;
  sort: number;
}

export interface SubjectTables {
  genera: GenusTable;
  categories: CategoryTable;
}

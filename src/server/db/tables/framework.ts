/** Tables the whole app shares (joined into Database in ../schema.ts). Times are unix seconds. */

/** Key/value facts about the database itself (e.g. whether first-start seeding ran). */
export interface MetaTable {
  key: string;
  value: string;
}

/** A public document (user agreement, privacy policy…), Markdown. */
export interface DocumentTable {
  key: string;
  title: string;
  content: string;
  updated_at: number;
}

export interface FrameworkTables {
  meta: MetaTable;
  documents: DocumentTable;
}

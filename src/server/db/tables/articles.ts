/** Tables of the articles area (joined into Database in ../schema.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the articles area.
export interface ArticlesTables {}

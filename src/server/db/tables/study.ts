/** Tables of the study area (joined into Database in ../schema.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the study area.
export interface StudyTables {}

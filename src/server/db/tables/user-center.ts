/** Tables of the user-center area (joined into Database in ../schema.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the user-center area.
export interface UserCenterTables {}

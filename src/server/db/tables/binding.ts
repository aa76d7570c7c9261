/** Tables of the binding area (joined into Database in ../schema.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the binding area.
export interface BindingTables {}

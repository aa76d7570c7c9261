/**
 * Tables of the binding area (joined into Database in ../schema.ts). Binding needs no table of its own:
 * the bound mobile is users.mobile and third-party identities are third_identities (../schema.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: nothing of its own (see above).
export interface BindingTables {}

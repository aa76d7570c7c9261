/**
 * The class a CommonJS SDK exports as `exports.default`. Node's ESM loader (tsx, production) hands `module.exports`
 * to a default import while bundlers (vitest) hand `exports.default`, so the same import is one level deeper in one
 * of them.
 */
export function cjsDefault<T>(imported: T): T {
  const inner = (imported as { default?: T } | undefined)?.default;
  return typeof imported === 'function' ? imported : (inner as T);
}

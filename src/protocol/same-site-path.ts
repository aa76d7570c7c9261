/**
 * The one rule for "a path on this site" (return paths after login, payment and WeChat OAuth), shared by the contract,
 * the server's pay sandbox, the login form and the OAuth flow, so no copy can be laxer than another.
 *
 * Browsers read `//host` and `/\host` as another site (a backslash is a slash in http URLs), and they drop tabs and
 * newlines anywhere in a URL (`/\t/host` becomes `//host`). So a same-site path starts with one `/`, is not followed
 * by `/` or `\`, and holds no backslash, whitespace or control character at all. A percent-encoded slash or backslash
 * right after the first `/` (`/%2F…`, `/%5C…`) is refused too: a path passes through a route parameter and is decoded
 * once on the way, and after that decoding it would be `//…` or `/\…`.
 */

/** Characters refused anywhere: a backslash, whitespace and control characters (as a character-class body). */
const REFUSED = String.raw`\\\s\x00-\x1f\x7f`;
const REST = `[^${REFUSED}]*`;
/**
 * The rule as a regular expression (the contract's zod check and the OpenAPI pattern use it as it is). It spells the
 * refused starts out instead of using a lookahead, so the contract fuzzer (fast-check's stringMatching, which has no
 * lookahead) can generate values for it: after the first `/` comes nothing, a character other than `/`, `\` or `%`,
 * or a `%` not followed by `2F` or `5C` (any case).
 */
export const SAME_SITE_PATH_RE = new RegExp(
  `^/(?:[^/%${REFUSED}]${REST}|%(?:[^25${REFUSED}]${REST}|2(?:[^fF${REFUSED}]${REST})?|5(?:[^cC${REFUSED}]${REST})?)?)?$`,
);

/** True when `raw` is a path on this site, safe to navigate or redirect to. */
export function isSameSitePath(raw: unknown): raw is string {
  return typeof raw === 'string' && SAME_SITE_PATH_RE.test(raw);
}

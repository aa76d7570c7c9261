/**
 * PUBLIC_ORIGINS: the sites the app is served from (comma-separated origins, e.g. `https://m.beikao.cn`). A WeChat
 * OAuth return URL (`redirect_url` of official-weixin-data, the sandbox authorize page's `redirect_uri`) must be on one
 * of them, so the server never keeps or follows a return to another site. Unset: the origin the request came to.
 */

type Env = Record<string, string | undefined>;

export interface OriginsConfig {
  /** Origins a return URL may point to ([] = the request's own origin only; loopback is added outside production). */
  publicOrigins: string[];
}

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** https origins, plus plain http to a loopback address (a developer's machine); no path, query or trailing slash. */
export function originsFrom(env: Env): OriginsConfig {
  const raw = (env.PUBLIC_ORIGINS ?? '').trim();
  if (!raw) return { publicOrigins: [] };
  const publicOrigins = raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const bad = publicOrigins.filter((o) => !isOrigin(o) || !(o.startsWith('https://') || LOOPBACK.test(o)));
  if (bad.length > 0) {
    throw new Error(`PUBLIC_ORIGINS must be comma-separated https origins (e.g. https://m.example.com), got "${bad.join(', ')}"`);
  }
  return { publicOrigins };
}

function isOrigin(o: string): boolean {
  try {
    return new URL(o).origin === o;
  } catch {
    return false;
  }
}

export function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK.test(origin);
}

/**
 * Settings of the security headers (src/server/http/security-headers.ts): who may frame the app, and which origins
 * other than its own the client talks to. Everything else in the policy follows from the rest of the config.
 */
import type { Host } from '../contract/endpoint';

type Env = Record<string, string | undefined>;

export interface SecurityConfig {
  /**
   * FRAME_ANCESTORS: the CSP `frame-ancestors` sources. Default `'self'`: WeChat's browser and the native app's web
   * view show the app top-level, which frame-ancestors never restricts, and the app may still frame its own pages.
   */
  frameAncestors: string[];
  /**
   * Origins the client calls besides its own (CSP `connect-src`): those of the `VITE_HOST_<NAME>` hosts that are
   * absolute URLs (the same values the client was built with), and CSP_CONNECT_SRC.
   */
  connectOrigins: string[];
}

const HOSTS: readonly Host[] = ['platform', 'member', 'cet', 'ai', 'circle', 'school'];

/** The origin of an http(s) URL, or an error naming the setting. */
function originOf(name: string, raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`${name} must be http(s) URLs, got "${raw}"`);
  return url.origin;
}

/** FRAME_ANCESTORS: `none`, `self`, or `self` and/or https origins, separated by spaces or commas. */
export function frameAncestorsFrom(raw: string | undefined): string[] {
  const tokens = (raw ?? '')
    .split(/[\s,]+/)
    .map((t) => t.replace(/^'|'$/g, '').trim())
    .filter(Boolean);
  if (tokens.length === 0) return ["'self'"];
  if (tokens.length === 1 && tokens[0] === 'none') return ["'none'"];
  return tokens.map((t) => {
    if (t === 'self') return "'self'";
    if (!/^https:\/\/[^\s/?#]+$/.test(t)) {
      throw new Error(`FRAME_ANCESTORS must be none, self or https origins (e.g. https://m.example.com), got "${t}"`);
    }
    return t;
  });
}

export function securityFrom(env: Env): SecurityConfig {
  const origins = new Set<string>();
  for (const host of HOSTS) {
    const name = `VITE_HOST_${host.toUpperCase()}`;
    const raw = env[name];
    // A path prefix is this origin ('self'); only an absolute URL is another host.
    if (raw && /^[a-z][a-z0-9+.-]*:/i.test(raw)) origins.add(originOf(name, raw));
  }
  for (const raw of (env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean)) origins.add(originOf('CSP_CONNECT_SRC', raw));
  return { frameAncestors: frameAncestorsFrom(env.FRAME_ANCESTORS), connectOrigins: [...origins] };
}

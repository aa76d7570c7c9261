/**
 * Where the server listens, whom it believes about the client's address, and whether it serves dev tools.
 *
 * Dev tools (the SMS inbox shows every login code; the sandbox authorize page logs anyone in) are safe only on a
 * loopback address, so a server that listens elsewhere must be a production one or say explicitly what it wants.
 * `X-Forwarded-*` is written by whoever sends the request: it is believed only from the proxies TRUST_PROXY names.
 */
import net from 'node:net';
import { DEFAULTS } from './config-settings';

type Env = Record<string, string | undefined>;

/** Fastify's `trustProxy`: off, a hop count, or the proxies' addresses and CIDR ranges (proxy-addr's names too). */
export type TrustProxy = false | number | string[];

export interface NetworkConfig {
  host: string;
  /** TRUST_PROXY: off by default, so a client cannot choose its own IP, protocol or host. */
  trustProxy: TrustProxy;
  /** Serve /dev/* and the sandbox authorize page (DEV_TOOLS; by default only outside production on loopback). */
  devTools: boolean;
}

/** Names proxy-addr understands for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./i.test(bare);
  return false;
}

function isAddressOrCidr(token: string): boolean {
  if (RANGE_NAMES.has(token)) return true;
  const [address = '', bits, ...extra] = token.split('/');
  if (extra.length > 0) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset, `0` or `off` → off; a whole number → that many hops; else a comma-separated list. */
export function trustProxyFrom(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'off') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === '1') {
    throw new Error('TRUST_PROXY must be a hop count or the proxies’ addresses: "true" would believe any client’s X-Forwarded-For');
  }
  const tokens = value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const bad = tokens.filter((t) => !isAddressOrCidr(t));
  if (bad.length > 0 || tokens.length === 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of addresses and CIDR ranges, got "${value}"`);
  }
  return tokens;
}

/**
 * HOST, TRUST_PROXY and DEV_TOOLS. Returns the settings and the reasons to refuse the start (empty when none):
 * a non-loopback HOST outside production without an explicit DEV_TOOLS, and dev tools in production without
 * ALLOW_SANDBOXES=1.
 */
export function networkFrom(env: Env, production: boolean, sandboxesAllowed: boolean): { config: NetworkConfig; problems: string[] } {
  const problems: string[] = [];
  const host = env.HOST || DEFAULTS.HOST;
  const loopback = isLoopbackHost(host);
  const rawDevTools = env.DEV_TOOLS ?? '';
  if (rawDevTools !== '' && rawDevTools !== '1' && rawDevTools !== '0') problems.push(`DEV_TOOLS must be 1 or 0, got "${rawDevTools}"`);
  const explicit = rawDevTools === '1' || rawDevTools === '0' ? rawDevTools === '1' : undefined;
  if (!production && !loopback && explicit === undefined) {
    problems.push(
      `HOST=${host} is not a loopback address, and without NODE_ENV=production the server serves dev tools (the SMS inbox shows every login code): set NODE_ENV=production, or DEV_TOOLS=0 (or 1, knowingly) to listen there`,
    );
  }
  if (production && explicit === true && !sandboxesAllowed) {
    problems.push('DEV_TOOLS=1 is refused when NODE_ENV=production (it serves every login code) unless ALLOW_SANDBOXES=1');
  }
  let trustProxy: TrustProxy = false;
  try {
    trustProxy = trustProxyFrom(env.TRUST_PROXY);
  } catch (e) {
    problems.push((e as Error).message);
  }
  return { config: { host, trustProxy, devTools: explicit ?? (!production && loopback) }, problems };
}

/** Fastify's option: a hop count becomes proxy-addr's "trust the first n hops" function (its types take no number). */
export function trustProxyOption(t: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}

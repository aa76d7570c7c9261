/**
 * The security headers of every reply (HTML, API, files, refusals), as helmet makes them from the config: helmet
 * runs once at start against a recording response, and one `onRequest` hook copies its headers onto each reply
 * (@fastify/helmet ran helmet's option parsing again on every request: about a tenth of a cached API reply's time).
 *
 * A reply of the API's contract (JSON, never a document a browser renders) carries the set OWASP's REST Security
 * Cheat Sheet names for APIs instead (`API_REPLY_HEADERS`): a policy that allows nothing, `nosniff`, and the
 * Cross-Origin-Resource-Policy; the document headers (referrer, framing, opener, DNS prefetch, download and XSS-filter
 * switches) mean nothing for a JSON body and cost each hot read a tenth of its server time. A route says it is one
 * with `config: API_REPLY` (http/register.ts does for every contract endpoint); anything else, 404s included, gets
 * the full set.
 *
 * The Content-Security-Policy allows scripts from this origin only: the HTML carries no executable inline script
 * (page configs travel as `type="application/json"` islands), expressions never `eval`, and the WeChat JS-SDK is
 * not loaded from res.wx.qq.com (the in-app browser's own WeixinJSBridge pays). Styles may be inline: the shell's
 * CSS is inlined into index.html and React and the skeleton set `style` attributes. Beyond this origin the policy
 * names only the configured API hosts and the VOD domain (hls.js fetches playlists and segments by XHR and plays
 * them through MediaSource, a blob: URL); images may come from any https host because operators link them from
 * page configs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config';

/** CSP directive name → sources. */
export type CspDirectives = Record<string, string[]>;

type PolicyConfig = Pick<ServerConfig, 'vodDomain' | 'frameAncestors' | 'connectOrigins' | 'publicOrigins'>;

/**
 * Sources a feature needs beyond the base policy, merged into it: add the directive and the source with the reason
 * (e.g. `'worker-src': ["'self'", 'blob:']` for a widget that solves in a worker made from a blob).
 */
export const FEATURE_SOURCES: CspDirectives = {};

/** HSTS over TLS: half a year, this host only (other hosts of the site may not serve https yet). */
export const HSTS_MAX_AGE = 15_552_000;

/** `a` with `b`'s sources added to its directives (each source once, in order). */
export function mergeDirectives(a: CspDirectives, b: CspDirectives): CspDirectives {
  const out: CspDirectives = { ...a };
  for (const [name, sources] of Object.entries(b)) out[name] = [...new Set([...(out[name] ?? []), ...sources])];
  return out;
}

/** The Content-Security-Policy directives for `config`, plus `extra`. */
export function cspDirectives(config: PolicyConfig, extra: CspDirectives = FEATURE_SOURCES): CspDirectives {
  const vod = config.vodDomain ? [new URL(config.vodDomain).origin] : [];
  return mergeDirectives(
    {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https:'],
      'media-src': ["'self'", 'blob:', ...vod],
      'connect-src': ["'self'", ...config.connectOrigins, ...vod],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      // The sandbox authorize page's form returns (by a redirect, which form-action checks too) to the app's own sites.
      'form-action': ["'self'", ...config.publicOrigins],
      'frame-ancestors': config.frameAncestors,
    },
    extra,
  );
}

/** The header value as helmet writes it (directives joined by `;`), e.g. for docs/areas/framework.md and tests. */
export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/** X-Frame-Options for browsers without frame-ancestors; it cannot name origins, so then only CSP speaks. */
function frameOptions(ancestors: string[]): HelmetOptions['xFrameOptions'] {
  if (ancestors.length === 1 && ancestors[0] === "'none'") return { action: 'deny' };
  if (ancestors.length === 1 && ancestors[0] === "'self'") return { action: 'sameorigin' };
  return false;
}

/** The helmet options for `config`: the policy above, the Referrer-Policy WeChat Pay needs, no HSTS (added over TLS). */
export function helmetOptions(config: PolicyConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // WeChat Pay's H5 cashier checks the Referer's domain against the merchant's: the origin must go along on
    // cross-origin navigations (helmet's default, no-referrer, would refuse every H5 payment); paths never leave.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media and API hosts may be other subdomains of the site (e.g. api.… serving images to m.…).
    crossOriginResourcePolicy: { policy: 'same-site' },
    xFrameOptions: frameOptions(config.frameAncestors),
    // Only over TLS (see registerSecurityHeaders): browsers ignore it over http, and a plain-http reply must not promise https.
    strictTransportSecurity: false,
  };
}

/**
 * The headers helmet sets for `options`, by running its middleware once against a response that records them. Our
 * options hold no per-request values (no nonces, no directive functions), so every reply gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The route config of a contract endpoint's route: its replies carry `API_REPLY_HEADERS`. */
export const API_REPLY = { apiReply: true } as const;

/** The headers of a JSON reply of the API (HSTS added over TLS). */
export const API_REPLY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-site',
};

/** Registers the headers on every route (register before the routes). */
export function registerSecurityHeaders(app: FastifyInstance, config: PolicyConfig): void {
  const plain = helmetHeaders(helmetOptions(config));
  // HSTS is the one header that depends on the request: req.protocol is https on a TLS socket, or by
  // X-Forwarded-Proto from a proxy TRUST_PROXY names (never a client's word).
  const hsts = helmetHeaders(HSTS_ONLY);
  const overTls = { ...plain, ...hsts };
  const apiOverTls = { ...API_REPLY_HEADERS, ...hsts };
  app.addHook('onRequest', (req, reply, done) => {
    const tls = req.protocol === 'https';
    if ((req.routeOptions.config as { apiReply?: boolean } | undefined)?.apiReply) reply.headers(tls ? apiOverTls : API_REPLY_HEADERS);
    else reply.headers(tls ? overTls : plain);
    done();
  });
}

/** HSTS alone (every other header off). */
const HSTS_ONLY: HelmetOptions = {
  strictTransportSecurity: { maxAge: HSTS_MAX_AGE, includeSubDomains: false },
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xContentTypeOptions: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
};

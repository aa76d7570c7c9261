import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../src/contract/study-genus';
import { DEFAULT_SIGN_KEY } from '../../src/protocol/keys';
import { computeSign } from '../../src/protocol/sign';
import { loadConfig } from '../../src/server/config';
import { frameAncestorsFrom } from '../../src/server/config-security';
import { cspDirectives, cspHeader, HSTS_MAX_AGE } from '../../src/server/http/security-headers';
import { startTestServer, type TestServer } from '../support/test-server';

// Every reply carries the CSP and the other security headers (an API reply the set for JSON, a policy allowing
// nothing); HSTS only over TLS, which a plain-http request proves only through a proxy TRUST_PROXY names.

/**
 * The policy of a test server: default settings (no VOD domain, no other API host, frame-ancestors 'self') and the
 * PUBLIC_ORIGINS of tests/support/test-server.ts (where the sandbox authorize page's form may return).
 */
const DEFAULT_POLICY =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;" +
  "media-src 'self' blob:;connect-src 'self';object-src 'none';base-uri 'none';form-action 'self' https://m.example.com;" +
  "frame-ancestors 'self'";

/** A client folder with just an index.html: the HTML shell without depending on a build. */
function tinyClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-client-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>备考</title></head><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>',
  );
  return dir;
}

function newsUrl(base: string): string {
  const params = { genus_id: 1, category_id: 1, offset: 0, count: 10 };
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  q.set('sign', computeSign(DEFAULT_SIGN_KEY, news.path, params) ?? '');
  return `${base}${news.path}?${q}`;
}

function expectSecurityHeaders(h: Headers): void {
  expect(h.get('content-security-policy')).toBe(DEFAULT_POLICY);
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(h.get('cross-origin-resource-policy')).toBe('same-site');
}

/** A JSON reply of the contract: a policy that allows nothing, nosniff, CORP; no document headers. */
function expectApiHeaders(h: Headers): void {
  expect(h.get('content-security-policy')).toBe("default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'");
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('cross-origin-resource-policy')).toBe('same-site');
  for (const documentOnly of ['referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-dns-prefetch-control']) {
    expect(h.get(documentOnly), documentOnly).toBeNull();
  }
}

describe('security headers', () => {
  let server: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    const clientDir = tinyClient();
    server = await startTestServer('sqlite', { clientDir });
    // Behind a proxy on loopback: X-Forwarded-Proto is believed from it.
    proxied = await startTestServer('sqlite', { clientDir, config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await server?.close();
    await proxied?.close();
  });

  it('are on the HTML shell, an API reply, a refusal, a 404 and a static file (the API replies with its JSON set)', async () => {
    const html = await fetch(`${server.url}/study/category`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(html.headers);

    const api = await fetch(newsUrl(server.url), { headers: { DeviceType: 'web' } });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { status: number }).status).toBe(0);
    expectApiHeaders(api.headers);
    // The second request of a URL is a hot read from memory: the same headers.
    expectApiHeaders((await fetch(newsUrl(server.url), { headers: { DeviceType: 'web' } })).headers);

    const unsigned = await fetch(`${server.url}${news.path}?genus_id=1&category_id=1`, { headers: { DeviceType: 'web' } });
    expect(((await unsigned.json()) as { status: number }).status).not.toBe(0);
    expectApiHeaders(unsigned.headers);

    const missing = await fetch(`${server.url}/api/no/such/thing`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);

    const file = await fetch(`${server.url}/index.html`);
    expect(file.status).toBe(200);
    expectSecurityHeaders(file.headers);
  });

  it('sends no HSTS over plain http, and ignores a client’s X-Forwarded-Proto without TRUST_PROXY', async () => {
    expect((await fetch(`${server.url}/`)).headers.get('strict-transport-security')).toBeNull();
    const forged = await fetch(newsUrl(server.url), { headers: { DeviceType: 'web', 'X-Forwarded-Proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS when a trusted proxy says the request came over https (HTML and API)', async () => {
    for (const url of [`${proxied.url}/study/category`, newsUrl(proxied.url)]) {
      const tls = await fetch(url, { headers: { DeviceType: 'web', 'X-Forwarded-Proto': 'https' } });
      expect(tls.headers.get('strict-transport-security')).toBe(`max-age=${HSTS_MAX_AGE}`);
      if (url.includes('/api/')) expectApiHeaders(tls.headers);
      else expectSecurityHeaders(tls.headers);
      const plain = await fetch(url, { headers: { DeviceType: 'web', 'X-Forwarded-Proto': 'http' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('the policy follows the settings', () => {
  const base = () => ({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-csp-')),
    jwtSecret: crypto.randomBytes(32).toString('hex'),
  });

  it('names the VOD domain, the API hosts built as other origins and CSP_CONNECT_SRC, nothing more', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        VIDEO_PROVIDER: 'tencent',
        VOD_DOMAIN: 'https://1250000000.vod2.myqcloud.com',
        VITE_HOST_MEMBER: 'https://member.example.com/member',
        VITE_HOST_CET: '/cet',
        CSP_CONNECT_SRC: 'https://log.example.com, https://member.example.com',
        FRAME_ANCESTORS: 'none',
      },
      base(),
    );
    expect(cspHeader(cspDirectives(config))).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;" +
        "media-src 'self' blob: https://1250000000.vod2.myqcloud.com;" +
        "connect-src 'self' https://member.example.com https://log.example.com https://1250000000.vod2.myqcloud.com;" +
        "object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'",
    );
  });

  it('the default policy is the one the servers above send, and a feature’s extra sources merge in once', () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGINS: 'https://m.example.com' }, base());
    expect(cspHeader(cspDirectives(config))).toBe(DEFAULT_POLICY);
    expect(cspHeader(cspDirectives(loadConfig({ NODE_ENV: 'test' }, base())))).toContain(";form-action 'self';");
    const withWorker = cspDirectives(config, { 'worker-src': ["'self'", 'blob:'], 'script-src': ["'self'", "'wasm-unsafe-eval'"] });
    expect(withWorker['worker-src']).toEqual(["'self'", 'blob:']);
    expect(withWorker['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('reads FRAME_ANCESTORS and refuses what is not none, self or https origins', () => {
    expect(frameAncestorsFrom(undefined)).toEqual(["'self'"]);
    expect(frameAncestorsFrom("'none'")).toEqual(["'none'"]);
    expect(frameAncestorsFrom('self https://admin.example.com')).toEqual(["'self'", 'https://admin.example.com']);
    expect(() => frameAncestorsFrom('*')).toThrow('FRAME_ANCESTORS must be none, self or https origins');
    expect(() => frameAncestorsFrom('http://a.example')).toThrow('FRAME_ANCESTORS');
    expect(() => loadConfig({ NODE_ENV: 'test', CSP_CONNECT_SRC: 'ftp://x.example' }, base())).toThrow(
      'CSP_CONNECT_SRC must be http(s) URLs',
    );
  });
});

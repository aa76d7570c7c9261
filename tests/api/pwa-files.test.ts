/**
 * What the server sends for the installable, offline app (a copy of the built client): the web app manifest and its
 * icons, the service worker script (never cached by the browser, so a new version is found), every file of the
 * worker's precache list, the generic shell it falls back to, and the manifest links in every page's HTML.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverTitle } from '../../src/server/media/book-cover';
import { SHELL_PATH } from '../../src/sw/rules';
import { snapshotOfDist } from '../support/dist-snapshot';
import { startTestServer, type TestServer } from '../support/test-server';

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(buf: Buffer): [number, number] {
  expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

describe('installable and offline app files', () => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = snapshotOfDist('sw.js');
    server = await startTestServer('sqlite', { clientDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves the web app manifest as application/manifest+json with the app’s name, start, display, colours and icons', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const m = (await res.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(m).toMatchObject({
      name: '备考',
      short_name: '备考',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#2f7cf6',
    });
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const pngs = m.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    // No SVG icon: Chrome picks a scalable icon first for its install check, and draws an SVG as a document of its
    // own on the page's main thread while the page loads (docs/performance.md, "Fewer requests at start").
    expect(m.icons.filter((i) => i.type === 'image/svg+xml')).toEqual([]);
    for (const icon of m.icons) {
      const r = await fetch(server.url + icon.src);
      expect(r.status, icon.src).toBe(200);
      expect(r.headers.get('content-type'), icon.src).toContain(icon.type);
      if (icon.type === 'image/png') {
        const [w, h] = pngSize(Buffer.from(await r.arrayBuffer()));
        expect(`${w}x${h}`).toBe(icon.sizes);
      }
    }
  });

  it('every page links the manifest, the theme colour and the home-screen icon', async () => {
    for (const p of ['/', '/ebook/read/1', '/study/category']) {
      const html = await (await fetch(server.url + p)).text();
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html).toContain('<meta name="theme-color" content="#2f7cf6"');
      expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    }
    const touch = await fetch(`${server.url}/icons/apple-touch-icon.png`);
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toEqual([180, 180]);
  });

  it('sends the service worker as JavaScript that is always revalidated, from the root scope', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${server.url}/sw.js`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toMatch(/^self\.__BEIKAO_SW__=\{"version":"[\w-]{12}","precache":\[/);
    }
  });

  it('serves every file of the worker’s precache list, and the generic shell carries the route table but no page', async () => {
    const src = await (await fetch(`${server.url}/sw.js`)).text();
    const build = JSON.parse(/^self\.__BEIKAO_SW__=(\{.*?\});\n/.exec(src)?.[1] ?? '{}') as { precache: string[] };
    expect(build.precache[0]).toBe(SHELL_PATH);
    expect(build.precache.some((f) => /\/assets\/EbookReader-[\w-]+\.js$/.test(f))).toBe(true);
    expect(build.precache.some((f) => /\/assets\/boot-[\w-]+\.js$/.test(f))).toBe(true);
    for (const file of build.precache) {
      const res = await fetch(server.url + file);
      expect(res.status, file).toBe(200);
    }
    const shell = await (await fetch(server.url + SHELL_PATH)).text();
    expect(shell).toContain('<script id="page-manifest" type="application/json">');
    expect(shell).not.toContain('id="page-config"');
  });

  it('draws each e-book’s cover as a 3:4 book with its title', async () => {
    const res = await fetch(`${server.url}/media/ebook/1.svg`);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await res.text();
    expect(svg).toContain('viewBox="0 0 300 400"');
    const book = await server.services.db.kysely
      .selectFrom('ebooks')
      .select(['name'])
      .where('cover', '=', '/media/ebook/1.svg')
      .executeTakeFirst();
    expect(book).toBeDefined();
    expect(svg).toContain(`>${coverTitle(book?.name ?? '').main[0]}</text>`);
    expect(svg).toContain('备考 · 电子书');
    // A cover URL no book has still answers a picture.
    expect((await fetch(`${server.url}/media/ebook/999.svg`)).status).toBe(200);
  });
});

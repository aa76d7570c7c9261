import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtworkSender, hasCjkFont, rasterScale } from '../../src/server/media/artwork-raster';
import { snapshotOfDist } from '../support/dist-snapshot';
import { startTestServer, type TestServer } from '../support/test-server';

/** What Chromium sends for an `<img>`. */
const IMG_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const picture = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata();

describe('generated pictures as WebP (the browser paints no SVG on its main thread)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(() => s.close());

  it('a banner is drawn once as a 750×300 WebP, kept on disk, and answered 304 to its ETag', async () => {
    const res = await get(`${s.url}/media/banner/1`, { accept: IMG_ACCEPT });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toMatch(/accept/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const meta = await picture(res);
    expect(meta).toMatchObject({ format: 'webp', width: 750, height: 300 });
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(fs.existsSync(path.join(s.services.config.dataDir, 'artwork-cache', `${etag.slice(1, -1)}.webp`))).toBe(true);
    const again = await get(`${s.url}/media/banner/1`, { accept: IMG_ACCEPT, 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('a course cover (320×200 SVG) is drawn at 1.5× its size (480×300), sharp on a phone', async () => {
    const course = await s.services.db.kysely.selectFrom('courses').select('cover').orderBy('id').executeTakeFirstOrThrow();
    const res = await get(`${s.url}${course.cover}`, { accept: IMG_ACCEPT });
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await picture(res)).toMatchObject({ width: 480, height: 300 });
  });

  it('a changed title is a new picture, not the kept one', async () => {
    const first = (await get(`${s.url}/media/banner/2`, { accept: IMG_ACCEPT })).headers.get('etag');
    await s.services.db.kysely.updateTable('banners').set({ title: '新的标题：考前冲刺' }).where('id', '=', 2).execute();
    const second = await get(`${s.url}/media/banner/2`, { accept: IMG_ACCEPT, 'if-none-match': first ?? '' });
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).not.toBe(first);
  });

  it('a request that does not take WebP still gets the SVG; a missing picture is still 404', async () => {
    const res = await get(`${s.url}/media/banner/1`, { accept: 'image/svg+xml,*/*' });
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
    const missing = await get(`${s.url}/media/banner/999999`, { accept: IMG_ACCEPT });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('图片不存在');
  });

  it('e-book covers, circle covers and short-video posters come as WebP too', async () => {
    const book = await s.services.db.kysely.selectFrom('ebooks').select('cover').orderBy('id').executeTakeFirstOrThrow();
    const circle = await s.services.db.kysely.selectFrom('circles').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const url of [book.cover, `/media/circle/${circle.id}.svg`]) {
      const res = await get(`${s.url}${url}`, { accept: IMG_ACCEPT });
      expect(res.headers.get('content-type'), url).toBe('image/webp');
    }
  });
});

describe("an operator's activity pictures (public/activity/*.svg) come as WebP too", () => {
  let s: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = snapshotOfDist();
    s = await startTestServer('sqlite', { clientDir });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('the activity header picture is a WebP of its own size for an <img>, the SVG file for anything else', async () => {
    const url = `${s.url}/activity/cet-invite-friends.svg`;
    const svg = fs.readFileSync(path.join(clientDir, 'activity', 'cet-invite-friends.svg'), 'utf8');
    const res = await get(url, { accept: IMG_ACCEPT });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toMatch(/accept/i);
    const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1]);
    expect((await picture(res)).width).toBe(Math.round(width * rasterScale(width)));
    const plain = await get(url, { accept: '*/*' });
    expect(plain.headers.get('content-type')).toContain('image/svg+xml');
    expect(await plain.text()).toBe(svg);
  });

  it('every SVG of the folder is served (the posters too); pages under /activity/ still get the app', async () => {
    for (const name of fs.readdirSync(path.join(clientDir, 'activity')).filter((f) => f.endsWith('.svg'))) {
      const res = await get(`${s.url}/activity/${name}`, { accept: IMG_ACCEPT });
      expect(res.headers.get('content-type'), name).toBe('image/webp');
    }
    const page = await get(`${s.url}/activity/detail/1001`, { accept: 'text/html' });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await get(`${s.url}/activity/nothing-here.svg`, { accept: IMG_ACCEPT }).then((r) => r.headers.get('content-type'))).not.toBe(
      'image/webp',
    );
  });
});

describe('when pictures cannot be drawn', () => {
  it('finds a CJK font by its file name, and none in a folder without one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fonts-'));
    fs.mkdirSync(path.join(dir, 'truetype', 'dejavu'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'truetype', 'dejavu', 'DejaVuSans.ttf'), '');
    expect(hasCjkFont([dir])).toBe(false);
    fs.mkdirSync(path.join(dir, 'opentype', 'noto'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'opentype', 'noto', 'NotoSansCJK-Regular.ttc'), '');
    expect(hasCjkFont([dir])).toBe(true);
  });

  it('without a CJK font the SVG is served, whatever the browser accepts', async () => {
    const logged: string[] = [];
    const sender = createArtworkSender({
      cacheDir: fs.mkdtempSync(path.join(os.tmpdir(), 'art-')),
      cjkFont: false,
      log: { info: (m) => logged.push(m), warn: (_o, m) => logged.push(m) },
    });
    expect(await sender.raster()).toBe(false);
    expect(logged.join('\n')).toContain('fonts-noto-cjk');
  });

  it('draws small pictures at up to 1.5× their size and 480 px wide; wide ones at their own size', () => {
    expect(rasterScale(320)).toBe(1.5);
    expect(rasterScale(400)).toBe(1.2);
    expect(rasterScale(750)).toBe(1);
    expect(rasterScale(0)).toBe(1);
  });
});

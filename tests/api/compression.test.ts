import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseList } from '../../src/contract/courses';
import { HOST_PREFIX } from '../../src/contract/endpoint';
import { news } from '../../src/contract/study-genus';
import { DEFAULT_SIGN_KEY } from '../../src/protocol/keys';
import { computeSign } from '../../src/protocol/sign';
import { snapshotOfDist } from '../support/dist-snapshot';
import { databases, startTestServer, type TestServer } from '../support/test-server';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers; the body as it came over the wire (not decoded). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decode(r: Raw): Buffer {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(r.body);
  if (enc === 'gzip') return zlib.gunzipSync(r.body);
  return r.body;
}

describe.each(databases())('compression and revalidation (%s)', (kind) => {
  let server: TestServer;
  let clientDir: string;
  let script: string;

  beforeAll(async () => {
    clientDir = snapshotOfDist();
    server = await startTestServer(kind, { clientDir });
    const html = decode(await get(`${server.url}/study/category`)).toString();
    script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('sends a script brotli-encoded when asked, byte-identical to the built file once decoded', async () => {
    expect(script).toMatch(/^\/assets\/index-.+\.js$/);
    const file = fs.readFileSync(path.join(clientDir, script));
    const r = await get(server.url + script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.body.length).toBeLessThan(file.length / 2);
    expect(zlib.brotliDecompressSync(r.body).equals(file)).toBe(true);
    // The build's quality-11 copy as it is, not a per-request compression.
    expect(r.body.equals(fs.readFileSync(path.join(clientDir, `${script}.br`)))).toBe(true);
  });

  it('sends gzip to a client without brotli, and the plain file to one that asks for no encoding', async () => {
    const file = fs.readFileSync(path.join(clientDir, script));
    const gz = await get(server.url + script, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(file)).toBe(true);
    expect(gz.body.equals(fs.readFileSync(path.join(clientDir, `${script}.gz`)))).toBe(true);
    const plain = await get(server.url + script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
    const refused = await get(server.url + script, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a JSON reply over 1 KB and leaves a smaller one alone', async () => {
    const big = await get(`${server.url}/api/openapi.json`, { 'accept-encoding': 'br, gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(big).toString()).openapi).toMatch(/^3\./);

    const params = { genus_id: 1, category_id: 1, offset: 0, count: 10 };
    const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    q.set('sign', computeSign(DEFAULT_SIGN_KEY, news.path, params) ?? '');
    const list = await get(`${server.url}${HOST_PREFIX[news.host]}${news.path}?${q}`, { 'accept-encoding': 'gzip', DeviceType: 'web' });
    expect(list.status).toBe(200);
    expect(decode(list).length).toBeGreaterThan(1024);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(list).toString()).data.length).toBe(10);

    // A reply made for this request (a course list is not kept in the read cache): compressed per request.
    const courseParams = { genus_id: 1, category_id: 1, offset: 0, count: 10 };
    const cq = new URLSearchParams(Object.fromEntries(Object.entries(courseParams).map(([k, v]) => [k, String(v)])));
    const courseSign = computeSign(DEFAULT_SIGN_KEY, courseList.path, courseParams);
    if (courseSign) cq.set('sign', courseSign);
    const courseUrl = `${server.url}${HOST_PREFIX[courseList.host]}${courseList.path}?${cq}`;
    const courses = await get(courseUrl, { 'accept-encoding': 'br', DeviceType: 'web' });
    expect(courses.status).toBe(200);
    expect(courses.headers['x-read-cache']).toBeUndefined();
    expect(courses.headers['content-encoding']).toBe('br');
    expect(courses.headers.vary).toMatch(/accept-encoding/i);
    const plainCourses = await get(courseUrl, { DeviceType: 'web' });
    expect(plainCourses.headers['content-encoding']).toBeUndefined();
    expect(plainCourses.body.length).toBeGreaterThan(1024);
    expect(decode(courses).toString()).toBe(plainCourses.body.toString());
    expect(JSON.parse(decode(courses).toString()).status).toBe(0);

    const small = await get(`${server.url}/api/no-such-endpoint`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(404);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).status).toBe(1);
  });

  it('sends the HTML of a client route compressed, with its skeleton, page config and slim route table', async () => {
    const r = await get(`${server.url}/study/category`, { 'accept-encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    const html = decode(r).toString();
    expect(r.body.length).toBeLessThan(html.length / 3);
    expect(html).toContain('<title>选择考试科目 - 备考</title>');
    expect(html).toMatch(/<div id="root"><div class="shell sk"[^>]*><span class="back-home">首页<\/span>/);
    expect(html).toMatch(/<script id="page-config" type="application\/json" data-name="study-category">/);
    // The page's chunks wait in the after-paint template (fetched once the first screen is painted).
    const later = /<template id="after-paint">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(later).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/SubjectPicker-[^"]+\.js">/);
    expect(later).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/boot-[^"]+\.js">/);
    expect(html.replace(/<template id="after-paint">.*?<\/template>/, '')).not.toContain('modulepreload');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const manifest = JSON.parse(/<script id="page-manifest" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    const mall = manifest.routes.find((x: { path: string }) => x.path === '/mall/index');
    expect(Object.keys(mall.meta).sort()).toEqual(expect.arrayContaining(['auth', 'needCategory']));
    for (const route of manifest.routes) {
      for (const key of Object.keys(route.meta)) expect(['auth', 'needCategory', 'needBinding', 'devOnly', 'tabBar']).toContain(key);
    }
    // The same HTML in every encoding.
    expect(decode(await get(`${server.url}/study/category`, { 'accept-encoding': 'gzip' })).toString()).toBe(html);
    expect((await get(`${server.url}/study/category`)).body.toString()).toBe(html);
  });

  it('answers 304 to a revalidation of the HTML, an API reply and a built file, whatever the encoding', async () => {
    const page = await get(`${server.url}/news/detail/5`, { 'accept-encoding': 'br' });
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect(page.headers['cache-control']).toBe('no-cache');
    for (const enc of ['br', 'gzip', 'identity']) {
      const again = await get(`${server.url}/news/detail/5`, { 'accept-encoding': enc, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }

    const openapi = await get(`${server.url}/api/pages/manifest`, { 'accept-encoding': 'br' });
    const apiTag = String(openapi.headers.etag);
    expect(apiTag).toMatch(/^W\//);
    const plainTag = (await get(`${server.url}/api/pages/manifest`)).headers.etag;
    expect(plainTag).toBe(apiTag);
    const notModified = await get(`${server.url}/api/pages/manifest`, { 'accept-encoding': 'gzip', 'if-none-match': apiTag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);

    const asset = await get(server.url + script, { 'accept-encoding': 'br' });
    const assetTag = String(asset.headers.etag);
    const cached = await get(server.url + script, { 'accept-encoding': 'br', 'if-none-match': assetTag });
    expect(cached.status).toBe(304);
  });
});

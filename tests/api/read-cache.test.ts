import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '../../src/contract/endpoint';
import { HOST_PREFIX } from '../../src/contract/endpoint';
import type { Envelope } from '../../src/contract/envelope';
import * as framework from '../../src/contract/framework';
import * as pages from '../../src/contract/pages';
import * as study from '../../src/contract/study';
import * as genus from '../../src/contract/study-genus';
import * as subjects from '../../src/contract/subjects';
import { DEFAULT_SIGN_KEY } from '../../src/protocol/keys';
import { computeSign } from '../../src/protocol/sign';
import { buildApp } from '../../src/server/app';
import { connect, type Db } from '../../src/server/db/connect';
import { READ_LEASE_MS } from '../../src/server/db/pg-write-lease';
import type { Database } from '../../src/server/db/schema';
import { request } from '../support/api-client';
import { pagesDirWithFixtures } from '../support/pages-dir';
import { databases, startTestServer, type TestServer } from '../support/test-server';

type Params = Record<string, string | number>;
interface Read {
  http: number;
  /** `hit` when the reply came from the server's memory, `miss` when it was read from the database. */
  cache: string | null;
  etag: string | null;
  data: unknown;
  text: string;
}

/** Calls an endpoint through HTTP like the app (sign, DeviceType; GET or POST), keeping the `x-read-cache` header. */
async function get(base: string, e: AnyEndpoint, params: Params): Promise<Read> {
  const post = e.method === 'POST';
  const q = new URLSearchParams(post ? [] : Object.entries(params).map(([k, v]) => [k, String(v)]));
  const sign = computeSign(DEFAULT_SIGN_KEY, e.path, params);
  if (sign) q.set('sign', sign);
  const res = await fetch(`${base}${HOST_PREFIX[e.host]}${e.path}?${q}`, {
    method: e.method,
    headers: post ? { DeviceType: 'web', 'content-type': 'application/json' } : { DeviceType: 'web' },
    body: post ? JSON.stringify(params) : undefined,
  });
  const text = await res.text();
  const body = JSON.parse(text) as Envelope;
  expect(body.status, body.msg).toBe(0);
  return {
    http: res.status,
    cache: res.headers.get('x-read-cache'),
    etag: res.headers.get('etag'),
    data: body.data,
    text: JSON.stringify(body.data),
  };
}

const tag = () => `缓存${crypto.randomBytes(4).toString('hex')}`;
const first = <T>(list: unknown): T => {
  const item = (list as T[])[0];
  if (!item) throw new Error('the seeded list should not be empty');
  return item;
};

interface Kind {
  name: string;
  endpoint: AnyEndpoint;
  input: () => Params;
  /** Changes, through the database handle the server uses, something the reply shows; returns text the new reply holds. */
  write(k: Kysely<Database>, before: unknown): Promise<string>;
}

describe.each(databases())('%s: replies served from memory', (kind) => {
  let s: TestServer;
  let subject: { genus_id: number; category_id: number };
  let provinceId: number;
  const pagesDir = pagesDirWithFixtures();

  beforeAll(async () => {
    s = await startTestServer(kind, { config: { pagesDir: pagesDir.dir, watchPages: false } });
    const g = first<{ id: number }>((await request(s.url, subjects.genusList, {})).body.data);
    const c = first<{ id: number }>((await request(s.url, subjects.categoryList, { genus_id: g.id })).body.data);
    subject = { genus_id: g.id, category_id: c.id };
    provinceId = ((await request(s.url, framework.topLevelDistricts, {})).body.data[1] as { id: number }).id;
  });
  afterAll(async () => {
    await s.close();
    pagesDir.remove();
  });

  const kinds: Kind[] = [
    {
      name: 'subjects (genera)',
      endpoint: subjects.genusList,
      input: () => ({}),
      async write(k, before) {
        const t = tag();
        await k.updateTable('genera').set({ name: t }).where('id', '=', first<{ id: number }>(before).id).execute();
        return t;
      },
    },
    {
      name: 'categories',
      endpoint: subjects.categoryList,
      input: () => ({ genus_id: subject.genus_id }),
      async write(k) {
        const t = tag();
        await k.insertInto('categories').values({ genus_id: subject.genus_id, name: t, sort: 999 }).execute();
        return t;
      },
    },
    {
      name: 'news page 1',
      endpoint: genus.news,
      input: () => ({ ...subject, offset: 0, count: 10 }),
      async write(k, before) {
        const t = tag();
        await k.updateTable('news').set({ title: t }).where('id', '=', first<{ id: number }>(before).id).execute();
        return t;
      },
    },
    {
      name: 'news detail',
      endpoint: genus.newsDetailEndpoint,
      input: () => ({ id: 3 }),
      async write(k) {
        const t = tag();
        await k.updateTable('news').set({ content: t }).where('id', '=', 3).execute();
        return t;
      },
    },
    {
      name: 'notices',
      endpoint: genus.noticeList,
      input: () => ({ offset: 0, count: 5 }),
      async write(k) {
        const t = tag();
        await k
          .insertInto('notices')
          .values({ genus_id: null, category_id: null, title: t, link: '', created_at: s.services.clock() + 86400 })
          .execute();
        return t;
      },
    },
    {
      name: 'banners',
      endpoint: genus.bannerList,
      input: () => ({ ...subject, type: 1 }),
      async write(k, before) {
        const t = tag();
        await k.updateTable('banners').set({ title: t }).where('id', '=', first<{ id: number }>(before).id).execute();
        return t;
      },
    },
    {
      name: 'hot words',
      endpoint: genus.hotWordList,
      input: () => ({ genus_id: subject.genus_id, offset: 0, count: 10 }),
      async write(k, before) {
        const t = tag();
        await k.updateTable('hot_words').set({ word: t }).where('id', '=', first<{ id: number }>(before).id).execute();
        return t;
      },
    },
    {
      name: 'home page news',
      endpoint: genus.homePageNews,
      input: () => ({ ...subject }),
      async write(k, before) {
        const t = tag();
        await k.updateTable('news').set({ summary: t }).where('id', '=', first<{ id: number }>(before).id).execute();
        return t;
      },
    },
    {
      name: 'home feed',
      endpoint: genus.homePage,
      input: () => ({ ...subject, offset: 0, count: 10 }),
      async write(k, before) {
        const t = tag();
        const item = first<{ kind: string; ref_id: number }>(before);
        await k
          .updateTable(item.kind === 'strategy' ? 'strategies' : 'news')
          .set({ title: t })
          .where('id', '=', item.ref_id)
          .execute();
        return t;
      },
    },
    {
      name: 'provinces',
      endpoint: framework.topLevelDistricts,
      input: () => ({}),
      async write(k) {
        const t = tag();
        await k.updateTable('districts').set({ name: t }).where('id', '=', provinceId).execute();
        return t;
      },
    },
    {
      name: 'child districts',
      endpoint: framework.childDistricts,
      input: () => ({ id: provinceId }),
      async write(k) {
        const t = tag();
        await k.insertInto('districts').values({ id: 990001, parent_id: provinceId, name: t, level: 2 }).execute();
        return t;
      },
    },
    {
      name: 'search',
      endpoint: study.search,
      input: () => ({ ...subject, word: '考试', count: 10 }),
      async write(k) {
        const t = tag();
        await k
          .updateTable('news')
          .set({ title: `考试${t}` })
          .where('genus_id', '=', subject.genus_id)
          .where('category_id', '=', subject.category_id)
          .where('id', '=', (eb) =>
            eb
              .selectFrom('news')
              .select((e) => e.fn.max('id').as('m'))
              .where('genus_id', '=', subject.genus_id)
              .where('category_id', '=', subject.category_id),
          )
          .execute();
        return t;
      },
    },
  ];

  it('searches for other words are cached apart', async () => {
    const a = await get(s.url, study.search, { ...subject, word: '考试', count: 10 });
    const b = await get(s.url, study.search, { ...subject, word: '复习', count: 10 });
    expect((a.data as { word: string }).word).toBe('考试');
    expect((b.data as { word: string }).word).toBe('复习');
    expect((await get(s.url, study.search, { ...subject, word: '复习', count: 10 })).text).toBe(b.text);
  });

  it.each(kinds)('$name: a write to its table is served at once, never the cached value', async (c) => {
    const input = c.input();
    const filled = await get(s.url, c.endpoint, input);
    const again = await get(s.url, c.endpoint, input);
    expect(again.cache).toBe('hit');
    expect(again.text).toBe(filled.text);

    const expected = await c.write(s.services.db.kysely, filled.data);
    const after = await get(s.url, c.endpoint, input);
    expect(after.cache).toBe('miss');
    expect(after.text).toContain(expected);
    // And the fresh value is what memory serves from now on.
    const next = await get(s.url, c.endpoint, input);
    expect(next.cache).toBe('hit');
    expect(next.text).toBe(after.text);
  });

  it('a view counted through the API shows in the cached news detail and list at once', async () => {
    const detail = async () => (await get(s.url, genus.newsDetailEndpoint, { id: 4 })).data as { view_count: number };
    const before = await detail();
    expect((await get(s.url, genus.newsDetailEndpoint, { id: 4 })).cache).toBe('hit');
    const viewed = await request(s.url, genus.newsView, { id: 4 });
    expect(viewed.body.data.view_count).toBe(before.view_count + 1);
    expect((await detail()).view_count).toBe(before.view_count + 1);
  });

  it('a page config edited on disk is served after the reload, with a new ETag', async () => {
    const page = 'study-index';
    const filled = await get(s.url, pages.pageConfig, { name: page });
    const manifest = await get(s.url, pages.pageManifest, {});
    expect((await get(s.url, pages.pageConfig, { name: page })).cache).toBe('hit');
    expect((await get(s.url, pages.pageManifest, {})).cache).toBe('hit');
    const t = tag();
    const config = filled.data as { meta: { title: string } };
    pagesDir.write(await findPageFile(pagesDir.dir, page), { ...config, meta: { ...config.meta, title: t } });
    s.services.pages.reload();
    const after = await get(s.url, pages.pageConfig, { name: page });
    expect(after.cache).toBe('miss');
    expect((after.data as { meta: { title: string } }).meta.title).toBe(t);
    expect(after.etag).not.toBe(filled.etag);
    const manifestAfter = await get(s.url, pages.pageManifest, {});
    expect(manifestAfter.cache).toBe('miss');
    expect((manifestAfter.data as { version: string }).version).not.toBe((manifest.data as { version: string }).version);
  });

  it('a cached reply over 1 KB goes out brotli- or gzip-encoded as asked, byte-identical once decoded', async () => {
    const path = `${s.url}${pages.pageConfig.path}?name=study-index&sign=${computeSign(DEFAULT_SIGN_KEY, pages.pageConfig.path, { name: 'study-index' })}`;
    const plain = await fetch(path, { headers: { 'accept-encoding': 'identity' } });
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    for (const [asked, coding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const raw = await rawGet(path, asked);
      expect(raw.headers['content-encoding']).toBe(coding);
      expect(raw.headers.vary).toContain('accept-encoding');
      expect(decode(raw.body).toString('utf8')).toBe(text);
    }
  });

  it('a write that rolls back changes nothing that is served', async () => {
    const filled = await get(s.url, subjects.genusList, {});
    const t = tag();
    await expect(
      s.services.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('genera').set({ name: t }).where('id', '=', subject.genus_id).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await get(s.url, subjects.genusList, {});
    expect(after.text).toBe(filled.text);
    expect(after.text).not.toContain(t);
    expect(after.cache).toBe('hit');
  });

  it('a read racing an open transaction never leaves the old value cached after the commit', async () => {
    await get(s.url, subjects.genusList, {});
    const t = tag();
    const trx = await s.services.db.kysely.startTransaction().execute();
    await trx.updateTable('genera').set({ name: t }).where('id', '=', subject.genus_id).execute();
    // Reads while the write is not committed yet: on PostgreSQL they are answered (the old value, which they may
    // cache); on SQLite they wait for the one connection. Neither may outlive the commit.
    const during = [get(s.url, subjects.genusList, {}), get(s.url, subjects.genusList, {})];
    if (kind === 'postgres') for (const r of await Promise.all(during)) expect(r.text).not.toContain(t);
    await trx.commit().execute();
    await Promise.all(during);
    expect((await get(s.url, subjects.genusList, {})).text).toContain(t);
    expect((await get(s.url, subjects.genusList, {})).text).toContain(t);
  });

  it('a write by another client of the database (an operator’s shell) is seen at once (PostgreSQL: within the read lease)', async () => {
    const filled = await get(s.url, subjects.genusList, {});
    expect((await get(s.url, subjects.genusList, {})).cache).toBe('hit');
    const t = tag();
    const id = first<{ id: number }>(filled.data).id;
    if (kind === 'sqlite') {
      const other = new SQLite(s.services.config.sqlitePath);
      other.prepare('UPDATE genera SET name = ? WHERE id = ?').run(t, id);
      other.close();
    } else {
      const schema = await currentSchema(s.services.db);
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      await other.query(`UPDATE ${schema}.genera SET name = $1 WHERE id = $2`, [t, id]);
      await other.end();
      // A writer outside the app does not wait out the read lease as the app's own writes do: its write is served
      // once the lease that may have started before it has run out (db/pg-write-lease.ts).
      await new Promise((r) => setTimeout(r, READ_LEASE_MS));
    }
    expect((await get(s.url, subjects.genusList, {})).text).toContain(t);
  });

  it('a logged-in reader of an optional-auth endpoint is never served the anonymous cached reply', async () => {
    await get(s.url, genus.newsDetailEndpoint, { id: 6 });
    const res = await fetch(
      `${s.url}${genus.newsDetailEndpoint.path}?id=6&sign=${computeSign(DEFAULT_SIGN_KEY, genus.newsDetailEndpoint.path, { id: 6 })}`,
      { headers: { DeviceType: 'web', authorization: 'Bearer not-a-token' } },
    );
    expect(res.headers.get('x-read-cache')).toBeNull();
  });
});

/** A GET with node:http, which leaves the body as sent (fetch would decode it). */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function currentSchema(db: Db): Promise<string> {
  const { sql } = await import('kysely');
  return (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db.kysely)).rows[0]?.s as string;
}

async function findPageFile(dir: string, name: string): Promise<string> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (!f.endsWith('.json') || f.startsWith('_')) continue;
    const json = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { name?: string };
    if (json.name === name) return f;
  }
  throw new Error(`no page file named ${name}`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app servers on one PostgreSQL database', () => {
  let a: TestServer;
  let b: { url: string; db: Db; close(): Promise<void> };

  beforeAll(async () => {
    a = await startTestServer('postgres');
    // A second app server on the same schema, with its own memory, as a second instance behind a load balancer.
    const db = connect({
      databaseUrl: process.env.TEST_DATABASE_URL,
      sqlitePath: '',
      pgSchema: await currentSchema(a.services.db),
    });
    const { app } = await buildApp(a.services.config, db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    b = {
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      db,
      close: async () => {
        await app.close();
        await db.close();
      },
    };
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a write acknowledged by instance A is served by instance B on the very next request', async () => {
    for (let round = 0; round < 5; round++) {
      const before = (await get(b.url, genus.newsDetailEndpoint, { id: 7 })).data as { view_count: number };
      expect((await get(b.url, genus.newsDetailEndpoint, { id: 7 })).cache).toBe('hit');
      const viewed = await request(a.url, genus.newsView, { id: 7 });
      expect(viewed.body.data.view_count).toBe(before.view_count + 1);
      const seen = (await get(b.url, genus.newsDetailEndpoint, { id: 7 })).data as { view_count: number };
      expect(seen.view_count).toBe(before.view_count + 1);
    }
  });

  it('a write through the database is served fresh by both instances', async () => {
    await get(a.url, subjects.genusList, {});
    await get(b.url, subjects.genusList, {});
    const t = tag();
    const id = first<{ id: number }>((await get(b.url, subjects.genusList, {})).data).id;
    await a.services.db.kysely.updateTable('genera').set({ name: t }).where('id', '=', id).execute();
    expect((await get(b.url, subjects.genusList, {})).text).toContain(t);
    expect((await get(a.url, subjects.genusList, {})).text).toContain(t);
  });

  it('a version read asked for after a commit sees it, even while earlier version reads are still running', async () => {
    const versions = b.db.versions;
    let stop = false;
    // Keep version queries of B in flight all the time.
    const hammer = (async () => {
      while (!stop) await Promise.all([versions.stamps(['genera']), versions.stamps(['genera'])]);
    })();
    try {
      for (let i = 0; i < 20; i++) {
        await a.services.db.kysely.updateTable('genera').set({ name: tag() }).where('id', '=', 1).execute();
        const seen = await versions.stamps(['genera']);
        const row = await a.services.db.kysely
          .selectFrom('cache_versions' as never)
          .select('version' as never)
          .where('table_name' as never, '=', 'genera' as never)
          .executeTakeFirstOrThrow();
        expect(seen).toEqual([Number((row as { version: number }).version)]);
      }
    } finally {
      stop = true;
      await hammer;
    }
  });

  it('reads of B racing writes on A end on the last committed value', async () => {
    const id = first<{ id: number }>((await get(b.url, subjects.genusList, {})).data).id;
    let last = '';
    for (let i = 0; i < 10; i++) {
      last = tag();
      const write = a.services.db.kysely.updateTable('genera').set({ name: last }).where('id', '=', id).execute();
      const reads = Array.from({ length: 4 }, () => get(b.url, subjects.genusList, {}));
      await write;
      await Promise.all(reads);
      expect((await get(b.url, subjects.genusList, {})).text).toContain(last);
    }
  });
});

import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import type { SearchHit } from '../../src/contract/study';
import * as study from '../../src/contract/study';
import { SEARCH_SOURCES, searchQueryFor } from '../../src/server/areas/study/search-service';
import { request } from '../support/api-client';
import { countRows, expectRefused } from '../support/flows';
import { isNonIncreasing, type Subject, type Subjects, seededSubjects } from '../support/study-flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const TABLE = { news: 'news', strategy: 'strategies', course: 'courses', ebook: 'ebooks' } as const;
/** A word no seeded text contains. */
const WORD = '星河灯塔';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let subj: Subjects;
  let mine: Subject;
  const ids: Record<string, number> = {};

  const find = (word: string, extra: Record<string, unknown> = {}) => request(s.url, study.search, { ...mine, word, ...extra });

  async function addNews(key: string, subject: Subject, title: string, content: string, age: number): Promise<void> {
    const row = await s.services.db.kysely
      .insertInto('news')
      .values({
        ...subject,
        title,
        summary: '',
        cover: '',
        content,
        author: '测试',
        source: '测试',
        view_count: 0,
        is_home: 0,
        published_at: s.services.clock() - age,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  }

  /** Every hit belongs to the subject asked for, in its kind's table. */
  async function expectOfSubject(hits: readonly SearchHit[], subject: Subject): Promise<void> {
    for (const h of hits) {
      const row = await s.services.db.kysely
        .selectFrom(TABLE[h.kind])
        .select(['genus_id', 'category_id'])
        .where('id', '=', h.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual(subject);
    }
  }

  beforeAll(async () => {
    s = await startTestServer(kind);
    subj = await seededSubjects(s);
    mine = subj.mine;
    await addNews('titleOld', mine, `关于${WORD}的说明`, '正文不提它。', 5000);
    await addNews('bodyNew', mine, '普通标题一', `这里提到${WORD}一次。`, 100);
    await addNews('bodyOld', mine, '普通标题二', `也提到了${WORD}。`, 3000);
    await addNews('elsewhere', subj.sibling, `${WORD}在别的科目`, '正文', 50);
    await addNews('amberTitle', mine, '琥珀色的标题', '正文', 200);
    await addNews('amberBody', mine, '另一个标题', '正文里才有琥珀。', 100);
    await addNews('latin', mine, 'Python 进阶 ZebraQuartz 专题', '正文', 300);
  });
  afterAll(() => s.close());

  it('finds seeded news, strategies, courses and e-books of the subject, grouped by kind', async () => {
    const res = await find('英语四级');
    expect(res.body.status).toBe(0);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(['course', 'ebook', 'news', 'strategy', 'total', 'word']);
    // E-books are whole books written for the project (their titles name no category), found by their own words below.
    for (const k of study.searchKinds.filter((x) => x !== 'ebook')) {
      expect(data[k].length, k).toBeGreaterThan(0);
      expect(data[k].length).toBeLessThanOrEqual(10);
      expect(data[k].every((h) => h.kind === k && h.title.includes('英语四级') && h.title_hit === 1)).toBe(true);
      await expectOfSubject(data[k], mine);
    }
    expect(data.total).toBe(study.searchKinds.reduce((n, k) => n + data[k].length, 0));
    expect((await find('全程班')).body.data.course[0]?.title).toContain('全程班');
    const books = (await find('高频词汇')).body.data.ebook;
    expect(books[0]?.title).toContain('高频词汇');
    await expectOfSubject(books, mine);
    expect((await find('避坑攻略')).body.data.strategy[0]?.title).toContain('避坑攻略');
  });

  it('ranks title hits above body hits, then newest first, and stays inside the subject', async () => {
    const news = (await find(WORD)).body.data.news;
    expect(news.map((h) => h.id)).toEqual([ids.titleOld, ids.bodyNew, ids.bodyOld]);
    expect(news.map((h) => h.title_hit)).toEqual([1, 0, 0]);
    const sibling = (await request(s.url, study.search, { ...subj.sibling, word: WORD })).body.data.news;
    expect(sibling.map((h) => h.id)).toEqual([ids.elsewhere]);
    // A seeded word found in titles and bodies: every group is title hits first, then newest first.
    const data = (await find('调频耳机', { count: 30 })).body.data;
    for (const k of study.searchKinds) {
      const hits = data[k];
      const split = hits.findIndex((h) => h.title_hit === 0);
      const [titled, rest] = split < 0 ? [hits, []] : [hits.slice(0, split), hits.slice(split)];
      expect(rest.every((h) => h.title_hit === 0)).toBe(true);
      expect(isNonIncreasing(titled, (h) => h.published_at) && isNonIncreasing(rest, (h) => h.published_at)).toBe(true);
    }
  });

  it('keeps the index in step with inserts, edits and deletes', async () => {
    const db = s.services.db.kysely;
    await db
      .updateTable('news')
      .set({ title: `普通标题一：${WORD}` })
      .where('id', '=', ids.bodyNew as number)
      .execute();
    expect((await find(WORD)).body.data.news.map((h) => h.id)).toEqual([ids.bodyNew, ids.titleOld, ids.bodyOld]);
    await db
      .updateTable('news')
      .set({ content: '改写后不再提及。' })
      .where('id', '=', ids.bodyOld as number)
      .execute();
    await db
      .updateTable('news')
      .set({ view_count: 99 })
      .where('id', '=', ids.titleOld as number)
      .execute();
    expect((await find(WORD)).body.data.news.map((h) => h.id)).toEqual([ids.bodyNew, ids.titleOld]);
    await db
      .deleteFrom('news')
      .where('id', '=', ids.bodyNew as number)
      .execute();
    expect((await find(WORD)).body.data.news.map((h) => h.id)).toEqual([ids.titleOld]);
  });

  it('matches words of one or two characters in titles only; several words must all match', async () => {
    expect((await find('琥珀')).body.data.news.map((h) => h.id)).toEqual([ids.amberTitle]);
    expect((await find('星河 灯塔')).body.data.news.map((h) => h.id)).toEqual([ids.titleOld]);
    expect((await find(`${WORD} 说明`)).body.data.news.map((h) => h.id)).toEqual([ids.titleOld]);
    expect((await find(`${WORD} 不存在的词`)).body.data.total).toBe(0);
  });

  it('ignores case in Latin letters and treats wildcards and quotes as plain text', async () => {
    expect((await find('zebraquartz')).body.data.news.map((h) => h.id)).toEqual([ids.latin]);
    for (const w of ['%', '_', '100%', '"', "'", '"星河" OR x', 'a AND b NOT c', '\\', '*']) {
      const res = await find(w);
      expect(res.body.status, w).toBe(0);
      expect(res.body.data.total, w).toBe(0);
    }
  });

  it('limits each kind to count (default 10, at most 30)', async () => {
    const two = (await find('英语四级', { count: 2 })).body.data;
    for (const k of study.searchKinds) expect(two[k].length).toBeLessThanOrEqual(2);
    expect(two.news.length).toBe(2);
    expectRefused(await find('英语四级', { count: 31 }), 400, CODE.badInput, '参数 count 不能大于 30');
  });

  it('refuses an empty, blank, missing or too long word and a bad subject, naming the field, writing nothing', async () => {
    const tables = ['news', 'strategies', 'courses', 'ebooks', 'hot_words'] as const;
    const before = await Promise.all(tables.map((t) => countRows(s, t)));
    expectRefused(await find(''), 400, CODE.badInput, '参数 word 不能为空');
    expectRefused(await find('   '), 400, CODE.badInput, '参数 word 不能为空');
    expectRefused(await request(s.url, study.search, { ...mine } as Record<string, unknown>), 400, CODE.badInput, '缺少参数 word');
    expectRefused(await find('题'.repeat(51)), 400, CODE.badInput, '参数 word 不能超过 50 个字符');
    expectRefused(await find(123 as unknown as string), 400, CODE.badInput, '参数 word 须为字符串');
    expectRefused(await request(s.url, study.search, { genus_id: mine.genus_id, word: WORD }), 400, CODE.badInput, '缺少参数 category_id');
    const foreign = await request(s.url, study.search, { genus_id: mine.genus_id, category_id: subj.foreign.category_id, word: WORD });
    expectRefused(foreign, 400, CODE.badInput, `category_id ${subj.foreign.category_id} 不属于`);
    expect(await Promise.all(tables.map((t) => countRows(s, t)))).toEqual(before);
  });

  it('uses the full-text index, never a scan of the table (SQLite plan; PostgreSQL trigram indexes)', async () => {
    const db = s.services.db;
    if (db.dialect === 'sqlite') {
      for (const src of SEARCH_SOURCES) {
        for (const word of [WORD, '琥珀']) {
          const c = searchQueryFor(db, src, { ...mine, word, count: 10 }).compile(db.kysely);
          const plan = await db.kysely.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]),
          );
          const details = plan.rows.map((r) => r.detail);
          expect(
            details.some((d) => d.startsWith('SCAN t')),
            `${src.table} ${word}: ${details.join(' | ')}`,
          ).toBe(false);
          if (word === WORD) expect(details.some((d) => d.includes(`${src.table}_fts VIRTUAL TABLE`))).toBe(true);
        }
      }
    } else {
      const rows = await db.kysely
        .selectFrom('pg_indexes' as never)
        .select(['indexname' as never, 'indexdef' as never])
        .where(
          'schemaname' as never,
          '=',
          (await db.kysely.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s as never,
        )
        .execute();
      const trgm = (rows as { indexname: string; indexdef: string }[])
        .filter((r) => r.indexdef.includes('gin_trgm_ops'))
        .map((r) => r.indexname);
      expect(trgm.sort()).toEqual(SEARCH_SOURCES.flatMap((x) => [`${x.table}_${x.title}_trgm`, `${x.table}_${x.body}_trgm`]).sort());
    }
  });
});

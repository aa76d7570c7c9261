/** FAQ (`/api/faq/list`, `/api/faq/detail`) and Q&A (`/api/answer-question/list`, `/detail`) through the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaqItem, QaItem } from '../../src/contract/articles';
import * as articles from '../../src/contract/articles';
import { CODE } from '../../src/contract/envelope';
import * as subjects from '../../src/contract/subjects';
import { request } from '../support/api-client';
import { articleTableCounts, readAll } from '../support/articles-flows';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const ids = (xs: readonly { id: number }[]) => xs.map((x) => x.id);

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let genusId: number;
  let categoryIds: number[];
  let otherGenusId: number;
  let foreignCategoryId: number;
  /** Every FAQ of the first genus (no category filter). */
  let genusFaq: FaqItem[];
  let allQa: QaItem[];

  beforeAll(async () => {
    s = await startTestServer(kind);
    const genera = (await request(s.url, subjects.genusList, {})).body.data;
    const [first, second] = genera;
    if (!first || !second) throw new Error('the seed should have at least two genera');
    genusId = first.id;
    otherGenusId = second.id;
    categoryIds = (await request(s.url, subjects.categoryList, { genus_id: first.id })).body.data.map((c) => c.id);
    const theirs = (await request(s.url, subjects.categoryList, { genus_id: second.id })).body.data;
    foreignCategoryId = theirs[0]?.id ?? 0;
    genusFaq = await readAll(s, articles.faqList, { genus_id: genusId }, 'limit');
    allQa = await readAll(s, articles.answerQuestionList, {}, 'limit');
  });
  afterAll(() => s.close());

  describe('faq list', () => {
    it('every genus has at least 25 FAQ of its own across 2 types, plus the shared type-3 ones', async () => {
      const genera = (await request(s.url, subjects.genusList, {})).body.data;
      for (const g of genera) {
        const list = await readAll(s, articles.faqList, { genus_id: g.id }, 'limit');
        const own = list.filter((f) => f.genus_id === g.id);
        expect(list.length, g.name).toBeGreaterThanOrEqual(25);
        expect(own.length, g.name).toBeGreaterThanOrEqual(18);
        expect(new Set(own.map((f) => f.type)), g.name).toEqual(new Set([1, 2]));
        expect(list.every((f) => f.genus_id === null || f.genus_id === g.id)).toBe(true);
        expect(new Set(list.map((f) => f.type))).toEqual(new Set([1, 2, 3]));
      }
    });

    it('orders by type, names each type, and has unique ids and non-empty questions', () => {
      for (let i = 1; i < genusFaq.length; i++) expect(genusFaq[i]?.type).toBeGreaterThanOrEqual(genusFaq[i - 1]?.type ?? 0);
      expect(new Set(ids(genusFaq)).size).toBe(genusFaq.length);
      const names = Object.fromEntries(genusFaq.map((f) => [f.type, f.type_name]));
      expect(names).toEqual({ 1: '报考政策', 2: '备考学习', 3: '使用帮助' });
      for (const f of genusFaq) expect(f.question).toMatch(/[\u4e00-\u9fff]/);
    });

    it('pages by offset and limit: 10, 10 more without overlap, then the rest, then nothing', async () => {
      const page = async (offset: number, limit?: number) =>
        (await request(s.url, articles.faqList, { genus_id: genusId, offset, limit })).body.data;
      const [p0, p1, p2] = [await page(0, 10), await page(10, 10), await page(20, 10)];
      expect(p0).toHaveLength(10);
      expect(p1).toHaveLength(10);
      expect(ids([...p0, ...p1, ...p2])).toEqual(ids(genusFaq.slice(0, 30)));
      expect(await page(genusFaq.length, 10)).toEqual([]);
      expect(ids(await page(0))).toEqual(ids(p0));
      expect(ids((await request(s.url, articles.faqList, { genus_id: genusId })).body.data)).toEqual(ids(p0));
    });

    it('filters by type; the types together are the whole list', async () => {
      const parts: FaqItem[] = [];
      for (const type of articles.FAQ_TYPES) {
        const list = await readAll(s, articles.faqList, { genus_id: genusId, type }, 'limit');
        expect(list.length).toBeGreaterThan(0);
        expect(list.every((f) => f.type === type)).toBe(true);
        parts.push(...list);
      }
      expect(ids(parts)).toEqual(ids(genusFaq));
    });

    it('a category keeps the genus-wide questions and its own, and drops those of the other categories', async () => {
      const specific = genusFaq.filter((f) => f.category_id !== null);
      expect(specific.length).toBeGreaterThan(0);
      for (const c of categoryIds) {
        const list = await readAll(s, articles.faqList, { genus_id: genusId, category_id: c }, 'limit');
        expect(list.every((f) => f.category_id === null || f.category_id === c)).toBe(true);
        expect(ids(list)).toEqual(ids(genusFaq.filter((f) => f.category_id === null || f.category_id === c)));
        expect(list.length).toBeGreaterThanOrEqual(25);
      }
    });

    it('without a subject lists only the shared questions', async () => {
      const shared = await readAll(s, articles.faqList, {}, 'limit');
      expect(shared.length).toBeGreaterThanOrEqual(10);
      expect(shared.every((f) => f.genus_id === null && f.category_id === null && f.type === 3)).toBe(true);
      expect(ids(shared)).toEqual(ids(genusFaq.filter((f) => f.genus_id === null)));
      const other = await readAll(s, articles.faqList, { genus_id: otherGenusId }, 'limit');
      expect(ids(other).filter((id) => genusFaq.some((f) => f.id === id && f.genus_id !== null))).toEqual([]);
    });

    it('refuses bad paging, type and subject, naming the field, and writes nothing', async () => {
      const before = await articleTableCounts(s);
      const list = (input: Record<string, unknown>) => request(s.url, articles.faqList, { genus_id: genusId, ...input });
      expectRefused(await list({ limit: 51 }), 400, CODE.badInput, '参数 limit 不能大于 50');
      expectRefused(await list({ limit: 0 }), 400, CODE.badInput, '参数 limit');
      expectRefused(await list({ offset: -1 }), 400, CODE.badInput, '参数 offset 不能为负数');
      expectRefused(await list({ offset: 'x' }), 400, CODE.badInput, '参数 offset');
      expectRefused(await list({ type: 4 }), 400, CODE.badInput, '参数 type 须为 1、2 或 3');
      expectRefused(await list({ type: 0 }), 400, CODE.badInput, '参数 type');
      expectRefused(await list({ type: 'all' }), 400, CODE.badInput, '参数 type');
      expectRefused(await list({ genus_id: 'abc' }), 400, CODE.badInput, '参数 genus_id');
      expectRefused(await list({ genus_id: 99999 }), 404, CODE.notFound, 'genus_id 99999');
      expectRefused(await list({ category_id: foreignCategoryId }), 400, CODE.badInput, `category_id ${foreignCategoryId} 不属于`);
      expectRefused(await list({ category_id: 99999 }), 400, CODE.badInput, 'category_id 99999');
      const noGenus = await request(s.url, articles.faqList, { category_id: categoryIds[0] });
      expectRefused(noGenus, 400, CODE.badInput, '参数 category_id 须与 genus_id 一起传');
      expect(await articleTableCounts(s)).toEqual(before);
    });

    it('refuses a request without its sign', async () => {
      expectRefused(await request(s.url, articles.faqList, { genus_id: genusId }, { sign: '' }), 400, CODE.badSign, '缺少签名参数 sign');
    });
  });

  describe('faq detail', () => {
    it('returns the list item with its Markdown answer', async () => {
      for (const item of [genusFaq[0], genusFaq[genusFaq.length - 1]]) {
        if (!item) throw new Error('no FAQ');
        const res = await request(s.url, articles.faqDetail, { id: item.id });
        expect(res.body.data).toMatchObject(item);
        expect(res.body.data.answer.trim().length).toBeGreaterThan(20);
        expect(res.body.data.updated_at).toBeLessThanOrEqual(s.services.clock());
      }
    });

    it('answers 404 for an unknown id and 400 for a missing or bad one', async () => {
      expectRefused(await request(s.url, articles.faqDetail, { id: 99999999 }), 404, CODE.notFound, '常见问题 id 99999999 不存在');
      expectRefused(await request(s.url, articles.faqDetail, {}), 400, CODE.badInput, '缺少参数 id');
      expectRefused(await request(s.url, articles.faqDetail, { id: 'x' }), 400, CODE.badInput, '参数 id');
      expectRefused(await request(s.url, articles.faqDetail, { id: 0 }), 400, CODE.badInput, '参数 id');
      expectRefused(await request(s.url, articles.faqDetail, { id: 2 ** 31 }), 400, CODE.badInput, '参数 id');
    });
  });

  describe('answer-question', () => {
    it('has at least 25 questions, newest first, with asker and teacher', () => {
      expect(allQa.length).toBeGreaterThanOrEqual(25);
      for (let i = 1; i < allQa.length; i++) expect(allQa[i - 1]?.created_at).toBeGreaterThanOrEqual(allQa[i]?.created_at ?? 0);
      expect(new Set(ids(allQa)).size).toBe(allQa.length);
      for (const q of allQa) {
        expect(q.title).toMatch(/[\u4e00-\u9fff]/);
        expect(q.asker.length * q.answerer.length * q.tag.length).toBeGreaterThan(0);
      }
    });

    it('pages by offset and limit without overlap; defaults to offset 0, limit 10', async () => {
      const page = async (offset?: number, limit?: number) =>
        (await request(s.url, articles.answerQuestionList, { offset, limit })).body.data;
      const [p0, p1, p2] = [await page(0, 10), await page(10, 10), await page(20, 10)];
      expect([p0.length, p1.length]).toEqual([10, 10]);
      expect(ids([...p0, ...p1, ...p2])).toEqual(ids(allQa.slice(0, 30)));
      expect(await page(allQa.length, 10)).toEqual([]);
      expect(ids(await page())).toEqual(ids(p0));
    });

    it('refuses bad paging naming the field', async () => {
      const before = await articleTableCounts(s);
      expectRefused(await request(s.url, articles.answerQuestionList, { limit: 51 }), 400, CODE.badInput, '参数 limit 不能大于 50');
      expectRefused(await request(s.url, articles.answerQuestionList, { limit: -2 }), 400, CODE.badInput, '参数 limit');
      expectRefused(await request(s.url, articles.answerQuestionList, { offset: -1 }), 400, CODE.badInput, '参数 offset 不能为负数');
      expectRefused(await request(s.url, articles.answerQuestionList, { offset: 2.5 }), 400, CODE.badInput, '参数 offset');
      expect(await articleTableCounts(s)).toEqual(before);
    });

    it('detail: the list item with the question and the Markdown answer; 404 and 400 otherwise', async () => {
      const item = allQa[5];
      if (!item) throw new Error('no Q&A');
      const res = await request(s.url, articles.answerQuestionDetail, { id: item.id });
      expect(res.body.data).toMatchObject(item);
      expect(res.body.data.question.length).toBeGreaterThan(5);
      expect(res.body.data.answer.length).toBeGreaterThan(30);
      expect(res.body.data.answered_at).toBeGreaterThan(item.created_at);
      expectRefused(await request(s.url, articles.answerQuestionDetail, { id: 99999999 }), 404, CODE.notFound, '问答 id 99999999 不存在');
      expectRefused(await request(s.url, articles.answerQuestionDetail, {}), 400, CODE.badInput, '缺少参数 id');
      expectRefused(await request(s.url, articles.answerQuestionDetail, { id: '1x' }), 400, CODE.badInput, '参数 id');
    });
  });
});

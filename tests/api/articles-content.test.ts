/**
 * Skill articles, study-plan guides, learning materials, adverts, school news (school host) and the
 * feedback help article through the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillItem } from '../../src/contract/articles';
import * as articles from '../../src/contract/articles';
import { HOST_PREFIX } from '../../src/contract/endpoint';
import { CODE } from '../../src/contract/envelope';
import { ARTICLE_KIND, skillDbKind } from '../../src/server/areas/articles/articles-kinds';
import { request } from '../support/api-client';
import { articleIds, articleTableCounts, readAll } from '../support/articles-flows';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const ids = (xs: readonly { id: number }[]) => xs.map((x) => x.id);
const first = (xs: readonly number[]): number => {
  const x = xs[0];
  if (x === undefined) throw new Error('no seeded article of this kind');
  return x;
};

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let skills: SkillItem[];
  let before: Record<string, number>;

  beforeAll(async () => {
    s = await startTestServer(kind);
    skills = await readAll(s, articles.skillList, {}, 'count');
    before = await articleTableCounts(s);
  });
  afterAll(async () => {
    // Nothing in this file writes.
    expect(await articleTableCounts(s)).toEqual(before);
    await s.close();
  });

  describe('skill list', () => {
    it('lists the skills of all three kinds, newest first; kind filters', async () => {
      for (let i = 1; i < skills.length; i++) expect(skills[i - 1]?.published_at).toBeGreaterThanOrEqual(skills[i]?.published_at ?? 0);
      for (const k of articles.SKILL_KINDS) {
        const list = await readAll(s, articles.skillList, { kind: k }, 'count');
        expect(list.length, k).toBeGreaterThanOrEqual(3);
        expect(list.every((x) => x.kind === k)).toBe(true);
        expect(ids(list)).toEqual(ids(skills.filter((x) => x.kind === k)));
      }
      const p0 = (await request(s.url, articles.skillList, {})).body.data;
      const p1 = (await request(s.url, articles.skillList, { offset: 10, count: 10 })).body.data;
      expect(ids([...p0, ...p1])).toEqual(ids(skills.slice(0, 20)));
    });

    it('refuses an unknown kind and bad paging, naming the field', async () => {
      expectRefused(
        await request(s.url, articles.skillList, { kind: 'english' }),
        400,
        CODE.badInput,
        '参数 kind 须为 politics、kao_gong 或 pub_med_math',
      );
      expectRefused(await request(s.url, articles.skillList, { count: 51 }), 400, CODE.badInput, '参数 count 不能大于 50');
      expectRefused(await request(s.url, articles.skillList, { offset: -1 }), 400, CODE.badInput, '参数 offset');
    });
  });

  describe('skill details', () => {
    const details = [
      { kind: 'politics', endpoint: articles.politicsSkillDetail, param: 'skill_id', what: '政治技巧 skill_id' },
      { kind: 'kao_gong', endpoint: articles.kaoGongSkillDetail, param: 'id', what: '面试技巧 id' },
      { kind: 'pub_med_math', endpoint: articles.pubMedMathSkillDetail, param: 'id', what: '数学技巧 id' },
    ] as const;

    it.each(details)('$kind: returns the list item with its Markdown body', async ({ kind: k, endpoint, param }) => {
      for (const item of skills.filter((x) => x.kind === k)) {
        const res = await request(s.url, endpoint, { [param]: item.id });
        expect(res.body.data).toMatchObject(item);
        expect(res.body.data.content.length).toBeGreaterThan(100);
        expect(res.body.data.content).toMatch(/[\u4e00-\u9fff]/);
      }
    });

    it.each(details)(
      '$kind: an id of another kind or an unknown id is not found; a bad one is refused',
      async ({ kind: k, endpoint, param, what }) => {
        const foreign = skills.find((x) => x.kind !== k);
        if (!foreign) throw new Error('no skill of another kind');
        expectRefused(await request(s.url, endpoint, { [param]: foreign.id }), 404, CODE.notFound, `${what} ${foreign.id} 不存在`);
        expectRefused(await request(s.url, endpoint, { [param]: 99999999 }), 404, CODE.notFound, '99999999');
        expectRefused(await request(s.url, endpoint, {}), 400, CODE.badInput, `缺少参数 ${param}`);
        expectRefused(await request(s.url, endpoint, { [param]: 'abc' }), 400, CODE.badInput, `参数 ${param}`);
        expectRefused(await request(s.url, endpoint, { [param]: -1 }), 400, CODE.badInput, `参数 ${param}`);
      },
    );
  });

  describe('study-plan skill-read-info', () => {
    it('gives a different guide for read, introduction and operation-tips', async () => {
      const titles = new Set<string>();
      for (const type of articles.GUIDE_TYPES) {
        const res = await request(s.url, articles.skillReadInfo, { type });
        expect(res.body.data.type).toBe(type);
        expect(res.body.data.content.length).toBeGreaterThan(80);
        titles.add(res.body.data.title);
      }
      expect(titles.size).toBe(3);
    });

    it('refuses a missing or unknown type', async () => {
      expectRefused(await request(s.url, articles.skillReadInfo, {}), 400, CODE.badInput, '缺少参数 type');
      expectRefused(
        await request(s.url, articles.skillReadInfo, { type: 'plan' }),
        400,
        CODE.badInput,
        '参数 type 须为 read、introduction 或 operation-tips',
      );
    });
  });

  describe('single articles by id', () => {
    const cases = [
      { name: 'learning materials', endpoint: articles.learningMaterialsDetail, kind: ARTICLE_KIND.material, what: '学习资料' },
      { name: 'adverts', endpoint: articles.advertsH5Detail, kind: ARTICLE_KIND.advert, what: '推荐内容' },
      { name: 'school news', endpoint: articles.schoolNewsDetail, kind: ARTICLE_KIND.schoolNews, what: '院校资讯' },
      { name: 'NEMT school news', endpoint: articles.nemtSchoolNewsDetail, kind: ARTICLE_KIND.nemtSchoolNews, what: '高考院校资讯' },
    ] as const;

    it.each(cases)('$name: every seeded one opens with a title and a Markdown body', async ({ endpoint, kind: k }) => {
      const list = await articleIds(s, k);
      expect(list.length).toBeGreaterThanOrEqual(3);
      for (const id of list) {
        const res = await request(s.url, endpoint, { id });
        expect(res.body.data.id).toBe(id);
        expect(res.body.data.title).toMatch(/[\u4e00-\u9fff]/);
        expect(res.body.data.content.length).toBeGreaterThan(60);
      }
    });

    it.each(cases)(
      '$name: an id of another kind or unknown is not found; missing or bad is refused',
      async ({ endpoint, kind: k, what }) => {
        const other = first(await articleIds(s, k === ARTICLE_KIND.advert ? ARTICLE_KIND.material : ARTICLE_KIND.advert));
        expectRefused(await request(s.url, endpoint, { id: other }), 404, CODE.notFound, `${what} id ${other} 不存在`);
        expectRefused(await request(s.url, endpoint, { id: 99999999 }), 404, CODE.notFound, `${what} id 99999999 不存在`);
        expectRefused(await request(s.url, endpoint, {}), 400, CODE.badInput, '缺少参数 id');
        expectRefused(await request(s.url, endpoint, { id: '' }), 400, CODE.badInput, '参数 id');
        expectRefused(await request(s.url, endpoint, { id: 'x1' }), 400, CODE.badInput, '参数 id');
      },
    );

    it('materials and adverts carry a generated cover; adverts a link and its text', async () => {
      const m = (await request(s.url, articles.learningMaterialsDetail, { id: first(await articleIds(s, ARTICLE_KIND.material)) })).body
        .data;
      const cover = await fetch(new URL(m.cover, s.url));
      expect(cover.headers.get('content-type')).toContain('image/svg+xml');
      const ads = await Promise.all(
        (await articleIds(s, ARTICLE_KIND.advert)).map((id) => request(s.url, articles.advertsH5Detail, { id })),
      );
      const linked = ads.map((r) => r.body.data).filter((a) => a.link !== '');
      expect(linked.length).toBeGreaterThan(0);
      for (const a of linked) {
        expect(a.link).toMatch(/^\//);
        expect(a.link_text.length).toBeGreaterThan(0);
      }
    });

    it('school news is served on the school host, and the two school-news kinds never mix', async () => {
      expect(articles.schoolNewsDetail.host).toBe('school');
      const id = first(await articleIds(s, ARTICLE_KIND.schoolNews));
      const nemt = first(await articleIds(s, ARTICLE_KIND.nemtSchoolNews));
      const res = await request(s.url, articles.schoolNewsDetail, { id });
      expect(res.body.data.school.length).toBeGreaterThan(0);
      expectRefused(await request(s.url, articles.schoolNewsDetail, { id: nemt }), 404, CODE.notFound, `院校资讯 id ${nemt}`);
      expectRefused(await request(s.url, articles.nemtSchoolNewsDetail, { id }), 404, CODE.notFound, `高考院校资讯 id ${id}`);
      // Not on the platform host.
      const wrongHost = await fetch(`${s.url}${articles.schoolNewsDetail.path}?id=${id}`);
      expect(wrongHost.status).toBe(404);
      expect(HOST_PREFIX.school).toBe('/school');
    });
  });

  describe('feedback html-content', () => {
    it('without an id gives the default feedback article; with an id that one', async () => {
      const helps = await articleIds(s, ARTICLE_KIND.feedbackHelp);
      expect(helps.length).toBeGreaterThanOrEqual(2);
      const def = (await request(s.url, articles.feedbackHtmlContent, {})).body.data;
      expect(def).toMatchObject({ id: first(helps), title: '意见反馈说明' });
      expect(def.content).toContain('300');
      const second = helps[1] ?? 0;
      const res = (await request(s.url, articles.feedbackHtmlContent, { id: second })).body.data;
      expect(res.id).toBe(second);
      expect(res.title).not.toBe(def.title);
    });

    it('an unknown id or one of another kind is not found; a bad id is refused', async () => {
      const skill = first(await articleIds(s, skillDbKind('politics')));
      expectRefused(await request(s.url, articles.feedbackHtmlContent, { id: skill }), 404, CODE.notFound, `反馈说明 id ${skill} 不存在`);
      expectRefused(await request(s.url, articles.feedbackHtmlContent, { id: 99999999 }), 404, CODE.notFound, '99999999');
      expectRefused(await request(s.url, articles.feedbackHtmlContent, { id: 'abc' }), 400, CODE.badInput, '参数 id');
      expectRefused(await request(s.url, articles.feedbackHtmlContent, { id: 0 }), 400, CODE.badInput, '参数 id');
    });
  });
});

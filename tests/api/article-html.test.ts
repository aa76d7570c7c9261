import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as articles from '../../src/contract/articles';
import * as politics from '../../src/contract/circles-politics';
import type { AnyEndpoint } from '../../src/contract/endpoint';
import * as study from '../../src/contract/study';
import * as genus from '../../src/contract/study-genus';
import * as uc from '../../src/contract/users-center';
import { articleHtmlStats, renderArticleHtml } from '../../src/server/areas/articles';
import { request } from '../support/api-client';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

/**
 * Article bodies come as HTML too (`content_html`, `answer_html`, `question_html`): the server's rendering of the
 * Markdown with the client's renderer and options, made once per version of the text.
 */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const k = () => s.services.db.kysely;
  const read = async <E extends AnyEndpoint>(e: E, input: Record<string, unknown>, token?: string) => {
    const res = await request(s.url, e, input, token ? { token } : {});
    expect(res.body.status, res.body.msg).toBe(0);
    return res.body.data as Record<string, unknown>;
  };

  it('news detail returns content_html: the Markdown rendered, sanitised, site links plain', async () => {
    const md =
      '## 报名\n\n| 时间 | 事项 |\n|---|---|\n| 3 月 | 报名 |\n\n[看看其他资讯](/news/list) [官网](https://www.neea.edu.cn)\n\n<script>alert(1)</script>\n\n[坏](javascript:alert(1))\n\n![图](/media/a.png)';
    await k().updateTable('news').set({ content: md }).where('id', '=', 2).execute();
    const d = await read(genus.newsDetailEndpoint, { id: 2 });
    expect(d.content).toBe(md);
    expect(d.content_html).toBe(renderArticleHtml(md));
    const html = d.content_html as string;
    expect(html).toContain('<h2>报名</h2>');
    expect(html).toContain('<table>');
    expect(html).toContain('<a href="/news/list">看看其他资讯</a>');
    expect(html).toContain('<a href="https://www.neea.edu.cn">官网</a>');
    expect(html).toContain('<img alt="图" loading="lazy" decoding="async" src="/media/a.png"/>');
    expect(html).not.toMatch(/<script|javascript:/i);
  });

  it('renders a body once per version: repeated reads (cached or not) reuse it, an edit renders it again', async () => {
    const u = await newUser(s);
    const v1 = `第一版 ${kind} ${Date.now()}\n\n[站内](/news/list)`;
    await k().updateTable('news').set({ content: v1 }).where('id', '=', 3).execute();
    const before = articleHtmlStats();

    expect((await read(genus.newsDetailEndpoint, { id: 3 })).content_html).toContain('第一版');
    expect(articleHtmlStats().renders).toBe(before.renders + 1);
    // Anonymous again (the read cache's reply, HTML included) and logged in (past the read cache: the handler runs).
    await read(genus.newsDetailEndpoint, { id: 3 });
    expect((await read(genus.newsDetailEndpoint, { id: 3 }, u.token)).content_html).toContain('第一版');
    await read(genus.newsDetailEndpoint, { id: 3 }, u.token);
    const after = articleHtmlStats();
    expect(after.renders).toBe(before.renders + 1);
    expect(after.hits).toBeGreaterThanOrEqual(before.hits + 2);

    const v2 = v1.replace('第一版', '第二版');
    await k().updateTable('news').set({ content: v2 }).where('id', '=', 3).execute();
    const d = await read(genus.newsDetailEndpoint, { id: 3 });
    expect(d.content_html).toContain('第二版');
    expect(d.content_html).not.toContain('第一版');
    expect(articleHtmlStats().renders).toBe(before.renders + 2);
    expect((await read(genus.newsDetailEndpoint, { id: 3 }, u.token)).content_html).toBe(d.content_html);
    expect(articleHtmlStats().renders).toBe(before.renders + 2);
  });

  it('every detail a markdown block shows carries the HTML of its Markdown fields', async () => {
    const idOf = async (table: 'strategies' | 'banners' | 'faqs' | 'answer_questions' | 'politics_points') =>
      (await k().selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const articleId = async (kindName: string) =>
      (await k().selectFrom('content_articles').select('id').where('kind', '=', kindName).orderBy('id').executeTakeFirstOrThrow()).id;
    const guide = await k()
      .selectFrom('exam_guides')
      .select(['genus_id', 'category_id'])
      .where('kind', '=', 'signup')
      .executeTakeFirstOrThrow();
    const cases: [AnyEndpoint, Record<string, unknown>, string[]][] = [
      [study.strategyDetailEndpoint, { id: await idOf('strategies') }, ['content']],
      [genus.bannerDetailEndpoint, { id: await idOf('banners') }, ['content']],
      [study.signUpInfo, { genus_id: guide.genus_id, category_id: guide.category_id }, ['content']],
      [study.outline, { genus_id: guide.genus_id, category_id: guide.category_id }, ['content']],
      [uc.documentEndpoint, { key: 'personal_info_list' }, ['content']],
      [articles.faqDetail, { id: await idOf('faqs') }, ['answer']],
      [articles.answerQuestionDetail, { id: await idOf('answer_questions') }, ['question', 'answer']],
      [articles.politicsSkillDetail, { skill_id: await articleId('skill_politics') }, ['content']],
      [articles.kaoGongSkillDetail, { id: await articleId('skill_kao_gong') }, ['content']],
      [articles.pubMedMathSkillDetail, { id: await articleId('skill_pub_med_math') }, ['content']],
      [articles.skillReadInfo, { type: 'read' }, ['content']],
      [articles.advertsH5Detail, { id: await articleId('advert') }, ['content']],
      [articles.schoolNewsDetail, { id: await articleId('school_news') }, ['content']],
      [articles.nemtSchoolNewsDetail, { id: await articleId('nemt_school_news') }, ['content']],
      [articles.feedbackHtmlContent, {}, ['content']],
      [politics.pointDetail_, { id: await idOf('politics_points') }, ['content']],
    ];
    for (const [e, input, fields] of cases) {
      const d = await read(e, input);
      for (const f of fields) {
        expect(typeof d[f], `${e.id} ${f}`).toBe('string');
        expect(d[`${f}_html`], `${e.id} ${f}_html`).toBe(renderArticleHtml(d[f] as string));
        expect((d[`${f}_html`] as string).length, `${e.id} ${f}_html`).toBeGreaterThan(0);
      }
    }
    // The personal-information list is a GFM table: it reaches the page as one.
    expect((await read(uc.documentEndpoint, { key: 'personal_info_list' })).content_html).toContain('<table>');
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotOfDist } from '../support/dist-snapshot';
import { pagesDirWithFixtures } from '../support/pages-dir';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 24, "findable by search engines": robots.txt from the route table, and each page's description in its HTML. */
describe('what search engines and share cards read', () => {
  let server: TestServer;
  let clientDir: string;
  const pages = pagesDirWithFixtures();
  beforeAll(async () => {
    clientDir = snapshotOfDist();
    pages.write('news/with-description.json', {
      $schema: '../../schemas/page.schema.json',
      name: 'news-with-description',
      path: '/news/with-description',
      meta: { title: '备考资讯', auth: false, needCategory: false, description: '四六级报名时间、考试安排与备考经验，一页看全。' },
      blocks: [{ type: 'text', props: { text: '资讯' } }],
    });
    server = await startTestServer('sqlite', { clientDir, config: { pagesDir: pages.dir } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
    pages.remove();
  });

  it('robots.txt lets crawlers read public content, never the user’s pages, orders, payments or the API', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const disallowed = text
      .split('\n')
      .filter((l) => l.startsWith('Disallow: '))
      .map((l) => l.slice('Disallow: '.length));
    for (const p of ['/api/', '/user/home', '/user/order', '/order/detail/', '/address/list', '/address/edit/', '/exchange-vip'])
      expect(disallowed, p).toContain(p);
    const blocked = (p: string) => disallowed.some((d) => p.startsWith(d));
    for (const p of ['/', '/news/detail/1', '/mall/index', '/user/agreement/privacy', '/activity/detail/1001'])
      expect(blocked(p), p).toBe(false);
    expect(text).toContain('User-agent: *');
  });

  it('a page’s own description is in the HTML the server sends (and in og:description); others get the site’s', async () => {
    const own = await (await fetch(`${server.url}/news/with-description`)).text();
    expect(own).toContain('<meta name="description" content="四六级报名时间、考试安排与备考经验，一页看全。">');
    expect(own).toContain('<meta property="og:description" content="四六级报名时间、考试安排与备考经验，一页看全。">');
    expect(own).toContain('<meta property="og:title" content="备考资讯 - 备考">');
    const other = await (await fetch(`${server.url}/mall/index`)).text();
    expect(other).toMatch(/<meta name="description" content="备考：[^"]+">/);
  });

  it('the viewport lets the user zoom', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const viewport = /<meta name="viewport" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(viewport).toContain('width=device-width');
    expect(viewport).not.toMatch(/maximum-scale|user-scalable=no/);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from '../support/browser';
import { pagesDirWithFixtures } from '../support/pages-dir';
import type { TestServer } from '../support/test-server';

const pages = pagesDirWithFixtures();
const suite = browserSuite({
  server: { config: { pagesDir: pages.dir, watchPages: true } },
  cleanup: () => pages.remove(),
});
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

/** Saves like `sed -i` and most editors: a new file renamed over the old one. */
function renameSave(rel: string, value: unknown): void {
  const file = path.join(pages.dir, rel);
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.swap`);
  fs.writeFileSync(tmp, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  fs.renameSync(tmp, file);
}

const promo = (text: string, over: Record<string, unknown> = {}) => ({
  $schema: '../../schemas/page.schema.json',
  name: 'activity-operator-promo',
  path: '/activity/operator-promo',
  meta: { title: '运营推广', auth: false, needCategory: false },
  blocks: [{ type: 'text', props: { text, as: 'h1' } }],
  ...over,
});

const heading = () => page.locator('[data-page=activity-operator-promo] h1').first().textContent();
const served = () => server.services.pages.get('activity-operator-promo')?.blocks;

describe('an operator edits page files while the app runs', () => {
  it('each rename-save shows on the next load; a broken save keeps the last good version; a copy with the same path does not take the route', async () => {
    renameSave('activity/operator-promo.json', promo('第一版'));
    await expect.poll(served, { timeout: 5000 }).toEqual(promo('第一版').blocks);
    await page.goto(`${server.url}/activity/operator-promo`);
    await expect.poll(heading).toBe('第一版');

    // Several rename-saves of the same file in a row (the watcher used to lose the file after the first).
    for (const text of ['第二版', '第三版', '第四版']) {
      renameSave('activity/operator-promo.json', promo(text));
      await expect.poll(served, { timeout: 5000 }).toEqual(promo(text).blocks);
      await page.reload();
      await expect.poll(heading).toBe(text);
    }

    // A broken save: refused, and the browser keeps getting the last good version.
    renameSave('activity/operator-promo.json', promo('坏的', { blocks: [{ type: 'text', props: { text: '${data.' } }] }));
    const refused = (file: string, pointer: string) => () =>
      server.services.pages.refusals().some((p) => p.file.endsWith(file) && p.path === pointer);
    await expect.poll(refused('activity/operator-promo.json', '/blocks/0/props/text'), { timeout: 5000 }).toBe(true);
    await page.reload();
    await expect.poll(heading).toBe('第四版');

    // Fixed again, then copied to a new file that keeps the path: the copy is refused, the original keeps the route.
    renameSave('activity/operator-promo.json', promo('第五版'));
    await expect.poll(served, { timeout: 5000 }).toEqual(promo('第五版').blocks);
    renameSave('activity/a-operator-promo-copy.json', promo('副本', { name: 'activity-operator-promo-copy' }));
    await expect.poll(refused('activity/a-operator-promo-copy.json', '/path'), { timeout: 5000 }).toBe(true);
    expect(
      server.services.pages
        .manifest()
        .routes.filter((r) => r.path === '/activity/operator-promo')
        .map((r) => r.name),
    ).toEqual(['activity-operator-promo']);
    await page.goto(`${server.url}/activity/operator-promo`);
    await expect.poll(heading).toBe('第五版');
    expect(await page.locator('h1', { hasText: '副本' }).count()).toBe(0);
  });

  it('a new referral campaign is two files (its activity and its page): live at once, no rebuild, no restart', async () => {
    renameSave('_activities/winter-invite.json', {
      $schema: '../../schemas/activity.schema.json',
      id: 1077,
      type: 'referral',
      title: '寒假一起刷题',
      startsAt: '2026-01-01T00:00:00+08:00',
      endsAt: '2099-01-01T00:00:00+08:00',
      rules: { qualifyBy: 'bound_mobile', dailyCap: 10 },
      prizes: [{ id: 'notes', name: '电子书《四六级高频词汇精讲笔记》', kind: 'ebook', refId: 1, quantity: 20, threshold: 2 }],
      share: { title: '寒假一起刷题', desc: '邀请同学注册，一起打卡' },
      disclosure: {
        prizes: '电子书 20 份',
        conditions: '活动期间邀请 2 位新同学注册并绑定手机号',
        claim: '活动页点击领取，领完即止',
        delivery: '领取后立即到账',
        organiser: '备考团队',
        contact: 'service@beikao.example',
      },
      ruleText: ['每人限领 1 份。'],
    });
    renameSave('activity/winter-invite.json', {
      $schema: '../../schemas/page.schema.json',
      name: 'activity-winter-invite',
      path: '/activity/winter-invite',
      meta: { title: '${data.detail.title}', auth: false, needCategory: false },
      data: { detail: { endpoint: 'activity.detail', params: { id: 1077 } } },
      blocks: [
        { type: 'fragment', props: { name: 'activity-header' } },
        { type: 'activity-prizes', props: { prizes: '${data.detail.prizes}', phase: '${data.detail.phase}' } },
        { type: 'fragment', props: { name: 'activity-rules' } },
      ],
    });
    await expect.poll(() => server.services.activities.get(1077)?.title, { timeout: 5000 }).toBe('寒假一起刷题');
    await expect.poll(() => server.services.pages.get('activity-winter-invite')?.path, { timeout: 5000 }).toBe('/activity/winter-invite');
    await page.goto(`${server.url}/activity/winter-invite`);
    await expect.poll(() => page.locator('h1', { hasText: '寒假一起刷题' }).count()).toBe(1);
    expect(await page.locator('[data-testid=activity-prizes] li').textContent()).toContain('邀请 2 位好友');
    expect(await page.getByText('活动公示').count()).toBe(1);
  });
});

import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from '../support/browser';
import { submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';

const suite = browserSuite();
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const toast = () => page.locator('[data-testid=toast]').textContent();
const comments = () => page.getByTestId('circle-comment');

async function circleId(key: string): Promise<number> {
  const row = await server.services.db.kysely.selectFrom('circles').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return row.id;
}

describe('circle short videos', () => {
  it('opens a circle and a word video, logs in from the comment box, comments, and the comment survives a reload', async () => {
    await page.goto(`${server.url}/video/circle/${await circleId('cet-words')}`);
    await expect.poll(() => page.title()).toBe('四六级词汇圈 - 备考');
    await expect.poll(() => page.getByText('12860 位成员 · 30 个短视频').count()).toBe(1);
    const tiles = page.locator('[data-testid=list-videos] li');
    await expect.poll(() => tiles.count()).toBe(10);
    await expect.poll(() => tiles.first().textContent()).toContain('每日一词 · abandon');

    // Tapping a video opens it: the player, the word card, its circle and the seeded comments.
    await tiles.first().click();
    await page.waitForURL(/\/video\/detail\?id=\d+$/);
    const videoUrl = page.url();
    await expect.poll(() => page.title()).toBe('abandon · 单词短视频 - 备考');
    await expect.poll(() => page.getByText('They had to abandon the car and walk the rest of the way.').count()).toBe(1);
    await expect.poll(() => page.getByText('他们只好弃车，步行走完剩下的路。').count()).toBe(1);
    await expect.poll(() => comments().count()).toBe(2);
    expect(await page.locator('.cc-title').textContent()).toBe('评论2');
    // Replies are folded after the first two.
    const threaded = comments().filter({ hasText: '背了三遍单词书' });
    expect(await threaded.getByTestId('circle-reply').count()).toBe(2);
    expect(await threaded.getByTestId('circle-unfold').textContent()).toBe('查看全部 3 条回复');

    // A visitor's tap on the comment box goes to login, and login comes back here.
    await page.getByTestId('circle-comment-login').click();
    await page.waitForURL(`${server.url}/user/mobile_login/${encodeURIComponent(new URL(videoUrl).pathname + new URL(videoUrl).search)}`);
    await submitCodeForm(page, server, '13700001234');
    await page.waitForURL(videoUrl);

    const text = '打卡第一天：abandon = 放弃，例句也背下来了';
    await page.getByTestId('circle-comment-input').fill(text);
    await page.getByTestId('circle-comment-send').click();
    await expect.poll(toast).toBe('评论成功');
    await expect.poll(() => comments().first().textContent()).toContain(text);
    expect(await comments().count()).toBe(3);
    expect(await page.locator('.cc-title').textContent()).toBe('评论3');
    expect(await page.getByTestId('circle-comment-input').inputValue()).toBe('');

    // Unfold the rest, then reply to someone's reply: the new reply names whom it answers.
    await threaded.getByTestId('circle-unfold').click();
    await expect.poll(() => threaded.getByTestId('circle-reply').count()).toBe(3);
    await expect.poll(() => threaded.getByTestId('circle-unfold').count()).toBe(0);
    await threaded.getByTestId('circle-reply').first().getByRole('button', { name: '回复' }).click();
    await expect.poll(() => page.getByTestId('circle-comment-input').getAttribute('placeholder')).toBe('回复 晨读打卡');
    await page.getByTestId('circle-comment-input').fill('乱序背确实有用');
    await page.getByTestId('circle-comment-send').click();
    await expect.poll(toast).toBe('回复成功');
    await expect.poll(() => threaded.getByTestId('circle-reply').count()).toBe(4);
    expect(await threaded.getByTestId('circle-reply').last().textContent()).toContain('晨读打卡乱序背确实有用');

    await page.reload();
    await expect.poll(() => comments().count()).toBe(3);
    expect(await comments().first().textContent()).toContain(text);
    expect(await page.locator('.cc-title').textContent()).toBe('评论3');
  });

  it('shows the server’s message when a comment is refused, and moves on to the next video', async () => {
    await page.goto(`${server.url}/user/mobile_login`);
    await submitCodeForm(page, server, '13700005678');
    await page.waitForURL((url) => !url.pathname.startsWith('/user/mobile_login'));
    const first = await server.services.db.kysely
      .selectFrom('short_videos')
      .select('id')
      .where('word', '=', 'accommodate')
      .executeTakeFirstOrThrow();
    await page.goto(`${server.url}/video/detail?id=${first.id}`);
    await expect.poll(() => page.title()).toBe('accommodate · 单词短视频 - 备考');
    // Eleven posts in a minute: the eleventh is refused with the server's rule.
    for (let i = 1; i <= 11; i++) {
      await page.getByTestId('circle-comment-input').fill(`第 ${i} 条`);
      await page.getByTestId('circle-comment-send').click();
      await expect.poll(toast).toBe(i <= 10 ? '评论成功' : '发言太频繁：每人每分钟最多发表 10 条评论和回复，请稍后再试');
      if (i <= 10) await expect.poll(() => comments().first().textContent()).toContain(`第 ${i} 条`);
    }
    expect(await page.getByTestId('circle-comment-input').inputValue()).toBe('第 11 条');
    await page.getByRole('button', { name: '下一个' }).click();
    await expect.poll(() => page.title()).not.toBe('accommodate · 单词短视频 - 备考');
    await expect.poll(() => page.locator('.cc-title').textContent()).not.toBe('评论11');
  });
});

describe('politics points', () => {
  it('opens the first point without an id and walks to the next one and to another chapter', async () => {
    await page.goto(`${server.url}/video/point-detail`);
    await expect.poll(() => page.title()).toBe('物质和意识的辩证关系 - 备考');
    await expect.poll(() => page.getByRole('heading', { name: '一、物质决定意识' }).count()).toBe(1);
    expect(await page.getByText('1. 物质决定意识，意识对物质具有能动的反作用。').count()).toBe(1);
    expect(await page.getByRole('button', { name: '上一个考点' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: '下一个考点' }).click();
    await expect.poll(() => page.title()).toBe('量变和质变的辩证关系 - 备考');
    await page.getByRole('link', { name: /中国近现代史纲要/ }).click();
    await expect.poll(() => page.title()).toBe('近代中国的社会性质和主要矛盾 - 备考');
    expect(page.url()).toMatch(/\/video\/point-detail\?id=\d+$/);
  });
});

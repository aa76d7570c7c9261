import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as course from '../../src/contract/courses';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

// 英语四级 (genus 1, category 1) is chosen, as a returning visitor would have it.
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const cards = () => page.locator('[data-testid=media-card]');

/** China calendar day of unix seconds: {key: 2026-11-25, month: 2026-11}. */
function chinaDay(seconds: number) {
  const iso = new Date((seconds + 8 * 3600) * 1000).toISOString();
  return { key: iso.slice(0, 10), month: iso.slice(0, 7) };
}

/** The subject's next upcoming live session, read over the API the way the calendar reads it. */
async function upcomingSession() {
  const now = Math.floor(server.services.clock());
  const res = await request(server.url, course.liveList, { ...SUBJECT, start: now, end: now + 30 * 86400 });
  const s = res.body.data.find((x) => x.live_status === 'upcoming');
  if (!s) throw new Error('the seed has no upcoming live session');
  return s;
}

/** A logged-in user whose token the page finds in storage. */
async function signedIn(): Promise<void> {
  const user = await newUser(server);
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
}

describe('course pages', () => {
  it('the course list pages through every course of the subject and a card opens its detail route', async () => {
    await page.goto(`${server.url}/course/list/all`);
    await expect.poll(() => cards().count()).toBeGreaterThanOrEqual(10);
    const first = cards().first();
    expect(await first.locator('.mc-tag').textContent()).toBe('推荐学习');
    expect(await first.locator('.mc-meta').textContent()).toMatch(/^.+ · \d+ 课时 · \d+ 人在学$/);
    expect(await first.locator('.mc-accent').textContent()).toMatch(/^¥\d+/);

    // Paged: scrolling loads the rest (13 courses, the live ones with their start badge).
    const footer = page.locator('[data-testid=list-footer]');
    for (let i = 0; i < 15 && (await footer.getAttribute('data-state')) !== 'loaded'; i++) {
      await page.mouse.wheel(0, 6000);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => cards().count()).toBe(13);
    expect(await page.locator('.mc-corner', { hasText: '开播' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.mc-corner-live', { hasText: '直播中' }).count()).toBe(1);

    await page.mouse.wheel(0, -60000);
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/course\/detail\/\d+$/);
    await first.click();
    // The detail page needs login: either it opens, or login opens with the detail as the way back.
    await page.waitForURL((u) => decodeURIComponent(u.pathname).endsWith(href as string));
  });

  it('live calendar: 提醒我 books the session, the count moves by one, survives a reload, and cancelling undoes it', async () => {
    await page.goto(`${server.url}/course/live_calendar`);
    await page.waitForURL(/\/user\/mobile_login\//);
    await submitCodeForm(page, server, '13800000003');
    await page.waitForURL(`${server.url}/course/live_calendar`);
    await expect.poll(() => page.getByTestId('live-month').textContent()).toMatch(/^\d{4}年\d{1,2}月$/);

    const s = await upcomingSession();
    const day = chinaDay(s.live_start_time);
    const openDay = async () => {
      const [y, m] = day.month.split('-').map(Number);
      await expect.poll(() => page.getByTestId('live-month').textContent()).toMatch(/年/);
      if ((await page.getByTestId('live-month').textContent()) !== `${y}年${m}月`) await page.getByTestId('live-next-month').click();
      await expect.poll(() => page.getByTestId('live-month').textContent()).toBe(`${y}年${m}月`);
      const cell = page.locator(`button[data-day="${day.key}"]`);
      await expect.poll(() => cell.getAttribute('data-has-live')).toBe('true');
      await cell.click();
      expect(await cell.getAttribute('aria-pressed')).toBe('true');
    };
    await openDay();
    const row = page.locator(`[data-testid=live-session][data-id="${s.id}"]`);
    const count = row.getByTestId('live-appointments');
    const button = row.getByTestId('live-remind');
    await expect.poll(() => count.textContent()).toBe(`${s.appointment_count} 人已预约`);
    expect(await button.textContent()).toBe('提醒我');
    expect(await row.locator('.lc-status').textContent()).toBe('未开始');

    await button.click();
    await expect.poll(() => count.textContent()).toBe(`${s.appointment_count + 1} 人已预约`);
    expect(await button.textContent()).toBe('已预约');
    expect(await button.getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await openDay();
    await expect.poll(() => count.textContent()).toBe(`${s.appointment_count + 1} 人已预约`);
    expect(await button.textContent()).toBe('已预约');

    await button.click();
    await expect.poll(() => count.textContent()).toBe(`${s.appointment_count} 人已预约`);
    expect(await button.textContent()).toBe('提醒我');
  });

  it('my courses lists what 13800000001 owns, each with a progress bar and 未学习 at first', async () => {
    await page.goto(`${server.url}/user/course`);
    await page.waitForURL(/\/user\/mobile_login\//);
    await submitCodeForm(page, server, '13800000001');
    await page.waitForURL(`${server.url}/user/course`);
    await expect.poll(() => cards().count()).toBeGreaterThanOrEqual(2);
    const titles = await cards().locator('h3').allTextContents();
    expect(titles.some((t) => t.includes('英语四级全程班'))).toBe(true);
    // The bundle, and its three courses through it.
    expect(titles.some((t) => t.startsWith('套餐') && t.includes('通关套餐'))).toBe(true);
    expect(await cards().locator('.mc-meta', { hasText: '套餐内课程' }).count()).toBe(3);
    const labels = await cards().locator('.mc-action').allTextContents();
    expect(labels).toHaveLength(await cards().count());
    expect(new Set(labels)).toEqual(new Set(['未学习']));
    expect(await cards().locator('[role=progressbar]').count()).toBe(labels.length);
    const bundle = cards().filter({ hasText: '通关套餐' });
    expect(await bundle.getAttribute('href')).toMatch(/^\/course\/bundle_detail\/\d+$/);
    expect(await page.getByText('还没有课程').count()).toBe(0);
  });

  it('my courses is empty for a new user, with a way to the courses', async () => {
    await signedIn();
    await page.goto(`${server.url}/user/course`);
    await expect.poll(() => page.getByText('还没有课程').count()).toBe(1);
    await page.getByRole('button', { name: '去选课' }).click();
    await page.waitForURL(`${server.url}/study/list/course`);
  });

  it('a bundle lists its 3 courses linking to their details, and offers 购买套餐 to a non-owner', async () => {
    const list = await request(server.url, course.courseList, { ...SUBJECT, offset: 0, count: 50 });
    const bundle = list.body.data.find((c) => c.is_single === 0);
    if (!bundle) throw new Error('the seed has no bundle');
    const children = await request(server.url, course.childList, { course_id: bundle.id });
    await signedIn();
    await page.goto(`${server.url}/course/bundle_detail/${bundle.id}`);
    const items = page.locator('[data-testid=course-children] [data-testid=media-card]');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual(
      children.body.data.map((c) => `/course/detail/${c.id}`),
    );
    expect(await page.getByText('共 3 门课程').count()).toBe(1);
    // Logged in: every course shows its progress and label.
    expect(await items.locator('[role=progressbar]').count()).toBe(3);
    expect(new Set(await items.locator('.mc-action').allTextContents())).toEqual(new Set(['未学习']));
    const buy = page.getByRole('button', { name: /^购买套餐/ });
    await buy.click();
    // The good that sells the bundle (goods.mapping) opens in the mall.
    await page.waitForURL((u) => /^\/mall\/detail\/\d+$/.test(u.pathname));
  });

  it('the live page counts down to an upcoming session and its 提醒我 toggle moves the count', async () => {
    const s = await upcomingSession();
    await signedIn();
    await page.goto(`${server.url}/course/live-course?id=${s.id}`);
    await expect.poll(() => page.getByTestId('countdown').count()).toBe(1);
    const status = page.getByText(/^未开始 · \d+ 人已预约$/);
    await expect.poll(() => status.textContent()).toBe(`未开始 · ${s.appointment_count} 人已预约`);
    const remind = page.getByRole('button', { name: '提醒我' });
    await remind.click();
    await expect.poll(() => page.getByText(/^未开始 · \d+ 人已预约$/).textContent()).toBe(`未开始 · ${s.appointment_count + 1} 人已预约`);
    expect(await page.getByRole('button', { name: '已预约' }).getAttribute('aria-pressed')).toBe('true');
  });
});

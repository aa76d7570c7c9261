import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as course from '../../src/contract/courses';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite } from '../support/browser';
import { signedInAs, submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';

// 英语四级 (genus 1, category 1) is chosen, as a returning visitor would have it.
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const suite = browserSuite({ subject: SUBJECT });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
});

const OWNER = '13800000001'; // owns 英语四级's 全程班
const NOBODY = '13800000003'; // owns nothing

/** 英语四级's 全程班 (the course the owner has) and its catalogue as a user who owns nothing sees it. */
async function paidCourse() {
  const list = await request(server.url, course.courseList, { ...SUBJECT, offset: 0, count: 20 });
  const c = list.body.data.find((x) => x.name.includes('全程班') && x.is_single === 1 && x.is_live === 0 && x.price > 0);
  if (!c) throw new Error('the seed has no 全程班 of 英语四级');
  const catalog = await request(server.url, course.courseCatalog, { id: c.id });
  const videos = catalog.body.data.chapters.flatMap((ch) => ch.videos);
  const preview = videos.find((v) => v.is_free === 1);
  const locked = videos.find((v) => v.locked === 1);
  if (!preview || !locked) throw new Error('the course needs a free preview and a locked video');
  return { course: c, videos, preview, locked };
}

const video = () => page.getByTestId('vp-video');
const currentTime = () => video().evaluate((v: HTMLVideoElement) => v.currentTime);
const isProgressReport = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/course/progress';

describe('course player', () => {
  it('plays the free preview, reports the position on pause, and resumes there after a reload', async () => {
    const { course: c, preview } = await paidCourse();
    await page.goto(`${server.url}/course/detail/${c.id}`);
    // Logged out: the course page (login required, spec §2) sends the visitor to log in, and back to the course.
    await page.waitForURL(/\/user\/mobile_login\//);
    await submitCodeForm(page, server, NOBODY);
    await page.waitForURL(`${server.url}/course/detail/${c.id}`);

    // The preview is the video to start with; nothing is downloaded before play.
    await expect.poll(() => page.getByTestId('video-player').getAttribute('data-video-id')).toBe(String(preview.id));
    await expect
      .poll(() => page.locator('[data-testid=catalog-video][aria-current=true]').getAttribute('data-id'))
      .toBe(String(preview.id));
    await page.getByTestId('vp-play').click();
    await expect.poll(currentTime, { timeout: 15000 }).toBeGreaterThan(3);

    const report = page.waitForRequest(isProgressReport);
    await video().evaluate((v: HTMLVideoElement) => v.pause());
    const body = (await report).postDataJSON() as { course_id: number; video_id: number; duration: number; at: number };
    expect(body).toMatchObject({ course_id: c.id, video_id: preview.id });
    expect(body.duration).toBeGreaterThanOrEqual(3);
    expect(Math.abs(body.at - Date.now())).toBeLessThan(60000);
    const reported = body.duration;
    // The report has landed once the server's resume position says so.
    const token = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.jwt)) ?? '';
    await expect
      .poll(async () => (await request(server.url, course.playInfo, { video_id: preview.id }, { token })).body.data.position)
      .toBe(reported);

    await page.reload();
    await expect.poll(() => page.locator('.vp-chip-left').textContent()).toBe(`上次看到 0:${String(reported).padStart(2, '0')}`);
    await page.getByTestId('vp-play').click();
    await expect.poll(() => video().evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 3), { timeout: 15000 }).toBe(true);
    expect(await currentTime()).toBeGreaterThanOrEqual(reported - 2);
  });

  it('shows the lock and 购买课程 on a locked video and never asks the video service for it', async () => {
    const { course: c, locked } = await paidCourse();
    await signedInAs(page, server, NOBODY);
    const vod: string[] = [];
    const playInfo: number[] = [];
    const hot: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/vod/') && vod.push(r.url()));
    page.on('request', (r) => new URL(r.url()).pathname === '/api/course/hot' && hot.push(r.method()));
    page.on('response', (r) => new URL(r.url()).pathname === '/api/course/play_info' && playInfo.push(r.status()));
    await page.goto(`${server.url}/course/detail/${c.id}`);
    await expect.poll(() => page.getByTestId('vp-play').count()).toBe(1);
    // Non-owners see the price and 购买课程 at the bottom, 试看 on the preview and locks on the rest.
    await expect.poll(() => page.getByRole('button', { name: /^购买课程 ¥/ }).count()).toBe(1);
    expect(await page.locator('.ccat-preview').count()).toBeGreaterThan(0);

    await page.locator(`[data-testid=catalog-video][data-id="${locked.id}"]`).click();
    await expect.poll(() => page.locator('[data-testid=toast]').textContent()).toBe('购买后即可观看全部课时');
    await expect.poll(() => page.getByTestId('vp-locked').textContent()).toContain('该视频需购买课程后观看');
    expect(await page.getByTestId('video-player').getAttribute('data-video-id')).toBe(String(locked.id));
    expect(await video().evaluate((v: HTMLVideoElement) => v.currentSrc || v.getAttribute('src') || '')).toBe('');
    expect(playInfo).toContain(403);
    expect(vod).toEqual([]);
    expect(hot).toEqual(['POST']); // the view is counted once on open

    await page.getByTestId('vp-buy').click();
    await page.waitForURL((u) => /^\/mall\/detail\/\d+$/.test(u.pathname)); // the good that sells the course
  });

  it('the owner has every video open and plays the second one (with hls.js where HLS is not native); leaving reports', async () => {
    const { course: c, videos } = await paidCourse();
    const token = await signedInAs(page, server, OWNER);
    // Pretend HLS is not native here (as in Chrome on Android), so the player loads hls.js.
    await page.addInitScript(() => {
      const real = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : real.call(this, type);
      };
    });
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/course/detail/${c.id}`);
    await expect.poll(() => page.getByTestId('catalog-video').count()).toBe(videos.length);
    expect(await page.locator('[data-testid=catalog-video][data-locked]').count()).toBe(0);
    expect(await page.locator('.ccat-preview').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^购买课程/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(继续学习|开始学习)$/ }).count()).toBe(1);

    const second = videos[1];
    if (!second) throw new Error('the course has one video');
    await page.locator(`[data-testid=catalog-video][data-id="${second.id}"]`).click();
    await expect.poll(() => page.getByTestId('video-player').getAttribute('data-video-id')).toBe(String(second.id));
    await expect.poll(() => page.locator('[data-testid=catalog-video][aria-current=true]').getAttribute('data-id')).toBe(String(second.id));
    // The bottom bar's 开始学习 / 继续学习 plays the video on the player.
    await page.getByRole('button', { name: /^(继续学习|开始学习)$/ }).click();
    await expect.poll(currentTime, { timeout: 15000 }).toBeGreaterThan(3);
    expect(chunks.some((p) => /\/assets\/hls\.light-[\w-]+\.js$/.test(p))).toBe(true);
    expect(chunks.some((p) => p.startsWith('/vod/') && p.endsWith('.ts'))).toBe(true);

    // Leaving the page while it plays: the last report goes out with keepalive and lands.
    const played = Math.floor(await currentTime());
    await page.goto('about:blank');
    await expect
      .poll(async () => (await request(server.url, course.playInfo, { video_id: second.id }, { token })).body.data.position)
      .toBeGreaterThanOrEqual(played);
  });

  it('the course’s 进度 and the lesson’s mark follow while the lesson plays, without a reload', async () => {
    const { course: c, videos } = await paidCourse();
    await signedInAs(page, server, OWNER);
    await page.goto(`${server.url}/course/detail/${c.id}`);
    await expect.poll(() => page.getByTestId('catalog-video').count()).toBe(videos.length);
    const bar = page.getByTestId('progress-bar');
    const before = Number(await bar.getAttribute('data-value'));
    const finished = await page.locator('[data-testid=catalog-video] .ccat-done').count();
    // A lesson not finished yet, played to its end.
    const open = page.locator('[data-testid=catalog-video]:not(:has(.ccat-done))').first();
    const id = Number(await open.getAttribute('data-id'));
    await open.click();
    await expect.poll(() => page.getByTestId('video-player').getAttribute('data-video-id')).toBe(String(id));
    await page.getByTestId('vp-play').click();
    await expect.poll(currentTime, { timeout: 15000 }).toBeGreaterThan(1);
    await video().evaluate((v: HTMLVideoElement) => {
      v.currentTime = Math.max(0, v.duration - 1);
    });
    const mark = page.locator(`[data-testid=catalog-video][data-id="${id}"] .ccat-mark`);
    await expect.poll(() => mark.textContent(), { timeout: 20000 }).toBe('已学完');
    const expected = Math.round(((finished + 1) / videos.length) * 100);
    await expect.poll(() => bar.getAttribute('data-value')).toBe(String(expected));
    expect(expected).toBeGreaterThan(before);
  });

  for (const native of [true, false]) {
    it(`an expired play URL is renewed and playback goes on (${native ? 'native HLS' : 'hls.js'})`, async () => {
      const { course: c, videos } = await paidCourse();
      await signedInAs(page, server, OWNER);
      if (!native) {
        await page.addInitScript(() => {
          const real = HTMLMediaElement.prototype.canPlayType;
          HTMLMediaElement.prototype.canPlayType = function (type: string) {
            return /mpegurl/i.test(type) ? '' : real.call(this, type);
          };
        });
      }
      const long = videos.find((v) => v.duration > 90);
      if (!long) throw new Error('the course has no long video');
      const forbidden: string[] = [];
      page.on('response', (r) => r.status() === 403 && new URL(r.url()).pathname.startsWith('/vod/') && forbidden.push(r.url()));
      await page.goto(`${server.url}/course/detail/${c.id}`);
      await page.locator(`[data-testid=catalog-video][data-id="${long.id}"]`).click();
      await expect.poll(() => page.getByTestId('video-player').getAttribute('data-video-id')).toBe(String(long.id));
      await page.getByTestId('vp-play').click();
      await expect.poll(currentTime, { timeout: 15000 }).toBeGreaterThan(1);
      await video().evaluate((v: HTMLVideoElement) => {
        v.playbackRate = 2;
      });
      server.advance(3 * 3600); // every signed URL given so far has expired
      await expect.poll(() => forbidden.length, { timeout: 30000 }).toBeGreaterThan(0);
      const at = await currentTime();
      await expect.poll(currentTime, { timeout: 30000 }).toBeGreaterThan(at + 4);
      expect(await page.getByTestId('video-player').getAttribute('data-phase')).toBe('ready');
    });
  }
});

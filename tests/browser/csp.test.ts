import crypto from 'node:crypto';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import * as course from '../../src/contract/courses';
import * as ebook from '../../src/contract/ebooks';
import * as question from '../../src/contract/questions';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { request } from '../support/api-client';
import { browserSuite, phoneContext } from '../support/browser';
import { freshMobile, loginAs, oauthRound } from '../support/flows';
import { signedInAs, submitCodeForm } from '../support/login-form';
import type { TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

// Every kind of page runs under the server's Content-Security-Policy: the browser reports no violation (the
// `securitypolicyviolation` events of each document, and Chromium's console messages about the policy) on the study
// home, a news article, a course playing through hls.js, the e-book reader, the question answerer, checkout and the
// H5 pay flow through the sandbox cashier, and an activity page.

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
  page: string;
}

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
const OWNER = '13800000001'; // owns 英语四级's 全程班
const VIP = '13800000002'; // 四六级 VIP: reads every chapter
const NOBODY = '13800000003'; // owns nothing

/** Page loads on a shared, busy machine: poll up to 15 s (vitest's default is 1 s). */
const SOON = { timeout: 15000 };

const violations: Violation[] = [];
const consoleReports: string[] = [];

/** Reports every CSP violation of the context's documents into `violations` (a binding survives navigations). */
async function watchViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__cspViolation', (_source, v: Violation) => {
    violations.push(v);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation;
        report({
          directive: e.effectiveDirective,
          blocked: e.blockedURI,
          source: e.sourceFile,
          line: e.lineNumber,
          sample: e.sample,
          page: location.href,
        });
      },
      true,
    );
  });
}

/** Chromium's console messages about the policy (they name blocked workers and frames too). */
function watchConsole(p: Page): void {
  p.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) consoleReports.push(m.text());
  });
}

const suite = browserSuite({ subject: SUBJECT, prepare: watchViolations });
let server: TestServer;
let page: Page;
beforeEach(() => {
  server = suite.server;
  page = suite.page;
  page.setDefaultTimeout(15000);
  violations.length = 0;
  consoleReports.length = 0;
  watchConsole(page);
});

let sentinels = 0;
/**
 * No violation so far. Reports arrive a little after the step that caused them, so this violates the policy on
 * purpose (an inline script, unique each time) and waits for that report and its console message: what the page
 * reported before it has arrived too. Then the sentinel must be all there is.
 */
async function expectNoViolations(p: Page = page): Promise<void> {
  sentinels += 1;
  const code = `window.__cspSentinel = ${sentinels};`;
  const hash = crypto.createHash('sha256').update(code).digest('base64');
  await p.evaluate((text) => {
    const el = document.createElement('script');
    el.textContent = text;
    document.head.append(el);
  }, code);
  await expect.poll(() => consoleReports.some((r) => r.includes(hash)), SOON).toBe(true);
  await expect.poll(() => violations.some((v) => v.directive === 'script-src-elem' && v.blocked === 'inline'), SOON).toBe(true);
  expect(violations).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
  expect(consoleReports).toEqual([expect.stringContaining(hash)]);
  violations.length = 0;
  consoleReports.length = 0;
}

/** The policy and the other headers an HTML reply must carry. */
async function expectSecurityHeaders(res: Response | null): Promise<void> {
  if (!res) throw new Error('no response');
  const h = await res.allHeaders();
  const csp = h['content-security-policy'] ?? '';
  expect(csp).toMatch(/(^|;)script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/unsafe-eval/);
  expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

/** An API reply (JSON, never a document): a policy that allows nothing, and nosniff. */
async function expectApiHeaders(res: Response): Promise<void> {
  const h = await res.allHeaders();
  expect(h['content-security-policy']).toBe("default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
}

const db = () => server.services.db.kysely;
/** A paid course good (cheapest id first) nobody new owns. */
const paidGood = () =>
  db()
    .selectFrom('goods')
    .select('id')
    .where('kind', '=', 'course')
    .where('on_sale', '=', 1)
    .where('price', '>', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
const isApi = (r: Response) => new URL(r.url()).pathname.startsWith('/api/');

describe('pages under the Content-Security-Policy', () => {
  it('study home and a news article: headers on the HTML and an API reply, no violation', async () => {
    const api = page.waitForResponse(isApi);
    const html = await page.goto(server.url);
    await expectSecurityHeaders(html);
    expect((await html?.allHeaders())?.['content-type']).toMatch(/^text\/html/);
    await expectApiHeaders(await api);
    await expect.poll(() => page.locator('[data-testid=list-news] li').count(), SOON).toBeGreaterThanOrEqual(1);

    const first = page.locator('[data-testid=list-news] li a').first();
    const title = (await first.locator('h3').textContent())?.trim() ?? '';
    await first.click();
    await expect.poll(() => page.locator('article h1').first().textContent(), SOON).toBe(title);
    // The article as a first load too (its config and skeleton inlined in the HTML).
    await page.reload();
    await expect.poll(() => page.locator('article h1').first().textContent(), SOON).toBe(title);
    await expectNoViolations();
  });

  it('a course video plays through hls.js (MediaSource on a blob: URL)', async () => {
    await signedInAs(page, server, OWNER);
    // Pretend HLS is not native here (as in Chrome on Android), so the player loads hls.js.
    await page.addInitScript(() => {
      const real = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : real.call(this, type);
      };
    });
    const paths: string[] = [];
    page.on('request', (r) => paths.push(new URL(r.url()).pathname));
    const list = await request(server.url, course.courseList, { ...SUBJECT, offset: 0, count: 20 });
    const c = list.body.data.find((x) => x.name.includes('全程班') && x.is_single === 1 && x.is_live === 0 && x.price > 0);
    if (!c) throw new Error('the seed has no 全程班 of 英语四级');
    await page.goto(`${server.url}/course/detail/${c.id}`);
    await page.getByTestId('vp-play').click();
    const video = page.getByTestId('vp-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20000 }).toBeGreaterThan(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.src)).toMatch(/^blob:/);
    expect(paths.some((p) => /\/assets\/hls\.light-[^/]+\.js$/.test(p))).toBe(true);
    expect(paths.some((p) => p.startsWith('/vod/') && p.endsWith('.ts'))).toBe(true);
    await expectNoViolations();
  });

  it('the e-book reader opens a chapter and turns a page', async () => {
    await signedInAs(page, server, VIP);
    const list = await request(server.url, ebook.ebookList, { ...SUBJECT, count: 50 });
    const book = list.body.data.find((b) => b.name.includes('高频词汇') && b.is_free === 0);
    if (!book) throw new Error('the seed has no paid 高频词汇 book under 英语四级');
    await page.goto(`${server.url}/ebook/read/${book.id}`);
    const reader = page.getByTestId('ebook-reader');
    await expect.poll(() => reader.getAttribute('data-chapter-phase'), SOON).toBe('ready');
    await expect.poll(() => page.locator('[data-span="0"]').count(), SOON).toBe(1);
    // The right tap zone turns the page (tapped until it does: a tap while the first layout is still held is ignored).
    await expect
      .poll(async () => {
        await page.mouse.click(370, 300);
        return Number(await reader.getAttribute('data-page'));
      }, SOON)
      .toBeGreaterThanOrEqual(1);
    await expectNoViolations();
  });

  it('the question answerer shows a question and a verdict', async () => {
    await signedInAs(page, server, NOBODY);
    let bankId = 0;
    for (let id = 1; id < 200 && !bankId; id++) {
      const res = await request(server.url, question.bankDetailEndpoint, { bank_id: id });
      if (res.body.status === 0 && res.body.data.name === '英语四级词汇与语法专项') bankId = res.body.data.children[0]?.id ?? 0;
    }
    if (!bankId) throw new Error('no free bank 英语四级词汇与语法专项');
    await page.goto(`${server.url}/question/answer/${bankId}`);
    await expect.poll(() => page.locator('.qc-pos').textContent(), SOON).toMatch(/^第 1 \/ \d+ 题$/);
    await page.locator('.qa-card .qc-option').first().click();
    await page.locator('.qc-result').first().waitFor();
    await expectNoViolations();
  });

  it('checkout and the H5 pay flow through the sandbox cashier, back to 购买成功', async () => {
    const user = await newUser(server);
    await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.jwt, user.token] as const);
    const good = await paidGood();
    await page.goto(`${server.url}/order/determine/${good.id}/0`);
    await expect.poll(() => page.getByTestId('checkout-submit').isEnabled(), SOON).toBe(true);
    await page.getByTestId('checkout-submit').click();
    const cashier = await page.waitForResponse((r) => new URL(r.url()).pathname === '/sandbox/wechatpay/cashier');
    await expectSecurityHeaders(cashier);
    await expect.poll(() => page.locator('button.pay').textContent(), SOON).toBe('确认支付');
    await page.click('button.pay');
    await page.waitForURL(/\/order\/result\/\d+\?from=pay$/);
    await expect.poll(() => page.getByTestId('order-result-title').textContent(), { timeout: 25000 }).toBe('购买成功');
    await expectNoViolations();
  });

  it('inside WeChat: checkout pays through WeixinJSBridge (JSAPI) and polls to 购买成功', async () => {
    const round = await oauthRound(server, 'new');
    const key = (await request(server.url, auth.officialWeixinLogin, { code: round.code, state: round.state })).body.data.data
      .third_auth_key;
    const login = await loginAs(server, freshMobile(), { third_auth_key: key });
    const context = await phoneContext(suite.browser, WECHAT_UA);
    try {
      await context.addInitScript(
        ([jwtKey, token, subjectKey, subject]) => {
          localStorage.setItem(jwtKey, token);
          localStorage.setItem(subjectKey, subject);
        },
        [STORAGE_KEYS.jwt, login.token, STORAGE_KEYS.examContext, JSON.stringify(SUBJECT)] as const,
      );
      // A fake bridge that pays at the sandbox cashier, then answers like WeChat (an init script: outside the policy).
      await context.addInitScript(() => {
        const w = window as unknown as Record<string, unknown>;
        w.__BEIKAO_PAY_POLL_MS__ = 30;
        w.WeixinJSBridge = {
          invoke(_name: string, params: { package: string }, cb: (r: { err_msg: string }) => void) {
            const prepay_id = params.package.replace(/^prepay_id=/, '');
            fetch('/sandbox/wechatpay/cashier', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ prepay_id, action: 'pay' }),
            }).then(() => cb({ err_msg: 'get_brand_wcpay_request:ok' }));
          },
        };
      });
      await watchViolations(context);
      const p = await context.newPage();
      watchConsole(p);
      await p.goto(`${server.url}/order/determine/${(await paidGood()).id}/0`);
      await expect.poll(() => p.getByTestId('checkout-submit').isEnabled(), SOON).toBe(true);
      await p.getByTestId('checkout-submit').click();
      await p.waitForURL(/\/order\/result\/\d+$/);
      await expect.poll(() => p.getByTestId('order-result-title').textContent(), { timeout: 25000 }).toBe('购买成功');
      await expectNoViolations(p);
    } finally {
      await context.close();
    }
  });

  it('the SMS login form, from a page that needs a login and back', async () => {
    await page.goto(`${server.url}/ebook/read/1`);
    await page.waitForURL(/\/user\/mobile_login\//);
    server.advance(61); // past the resend interval of an earlier login of the same mobile
    await submitCodeForm(page, server, NOBODY);
    await page.waitForURL(`${server.url}/ebook/read/1`);
    await expectNoViolations();
  });

  it('an activity page (images, QR codes, rules)', async () => {
    await page.goto(`${server.url}/activity/promotion1`);
    await expect.poll(() => page.getByTestId('qr-group').count(), SOON).toBe(1);
    await expect
      .poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)), SOON)
      .toBe(true);
    await expectNoViolations();
  });

  it('the service worker registers and serves the app shell again, under the same policy', async () => {
    const context = await phoneContext(suite.browser, undefined, { serviceWorkers: 'allow' });
    try {
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.examContext,
        JSON.stringify(SUBJECT),
      ] as const);
      await watchViolations(context);
      const p = await context.newPage();
      watchConsole(p);
      const sw = context.waitForEvent('serviceworker');
      await p.goto(server.url);
      await sw;
      await expect.poll(() => p.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 20000 }).toBe(true);
      await p.reload();
      await expect.poll(() => p.locator('[data-testid=list-news] li').count(), SOON).toBeGreaterThanOrEqual(1);
      await expectNoViolations(p);
    } finally {
      await context.close();
    }
  });

  it('refuses an injected inline script, and this test sees the violation (the detector works)', async () => {
    await page.goto(`${server.url}/activity/promotion1`);
    await expect.poll(() => page.getByTestId('qr-group').count(), SOON).toBe(1);
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
    });
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    await expect.poll(() => violations.map((v) => v.directive), SOON).toContain('script-src-elem');
    await expect.poll(() => consoleReports.length, SOON).toBeGreaterThan(0);
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../src/platform/storage';

/** The 375×667 phone of the activity pages' screenshots (the brief's size), as Safari on an iPhone. */
export const SHOT = { width: 375, height: 667 };
export const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A context of the screenshots' phone (service workers blocked like the suite's phone). */
export function smallPhone(browser: Browser, userAgent = SAFARI_UA): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: 'block',
    viewport: SHOT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent,
  });
}

/** The page finds `token` in storage, as after a login. */
export async function signedIn(page: Page, token: string): Promise<void> {
  await page.addInitScript(([key, t]) => localStorage.setItem(key, t), [STORAGE_KEYS.jwt, token] as const);
}

/** The disclosure and copy an activity file must carry, for test activities beside the seeded ones. */
export const TEST_ACTIVITY_TEXT = {
  share: { title: '一起备考', desc: '注册就送' },
  disclosure: {
    prizes: '电子书若干份',
    conditions: '活动期间的新用户',
    claim: '活动页领取，领完即止',
    delivery: '领取后立即到账',
    organiser: '备考团队',
    contact: 'service@beikao.example',
  },
  ruleText: ['规则一。', '规则二。'],
};

/** One before the start and one after the end, for the phase states of a page. */
export const UPCOMING_WINDOW = { startsAt: '2099-01-01T00:00:00+08:00', endsAt: '2099-02-01T00:00:00+08:00' };
export const ENDED_WINDOW = { startsAt: '2026-10-01T00:00:00+08:00', endsAt: '2026-10-08T00:00:00+08:00' };

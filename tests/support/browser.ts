import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { STORAGE_KEYS } from '../../src/platform/storage';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The built client the browser tests run against (`npm test` builds it first; `BEIKAO_DIST` names another folder). */
export function builtClientDir(): string {
  const dir = path.resolve(process.env.BEIKAO_DIST ?? 'dist');
  if (!fs.existsSync(path.join(dir, 'index.html')))
    throw new Error('dist/index.html is missing: run `npm run build` before the browser tests');
  return dir;
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * An iPhone-sized context (390×844, touch, mobile Safari user agent unless one is given). Service workers are blocked
 * unless asked for (`serviceWorkers: 'allow'`): a worker would answer requests that tests route, time or count.
 */
export function phoneContext(
  browser: Browser,
  userAgent?: string,
  opts: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: opts.serviceWorkers ?? 'block',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      userAgent ??
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
}

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export interface BrowserSuiteOptions {
  server?: TestServerOptions;
  /** A subject already chosen in storage (so `/` shows the study home, not the subject page). */
  subject?: { genus_id: number; category_id: number; category_name: string };
  /** Service workers in the test's contexts (default 'block'; the offline tests allow the app's worker). */
  serviceWorkers?: 'allow' | 'block';
  /** Runs on each fresh context before its page opens (init scripts, permissions). */
  prepare?(context: BrowserContext, server: TestServer): Promise<void>;
  /** Runs after the server and browser are closed. */
  cleanup?(): void;
}

/**
 * One built-app server with a fresh database and one Chromium per test file, and a fresh
 * phone-sized context and page per test. Read `suite.page` etc. inside tests and hooks.
 */
export function browserSuite(opts: BrowserSuiteOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.server = await startTestServer('sqlite', { clientDir: builtClientDir(), ...opts.server });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
    opts.cleanup?.();
  });
  beforeEach(async () => {
    await suite.context?.close();
    suite.context = await phoneContext(suite.browser, undefined, { serviceWorkers: opts.serviceWorkers });
    if (opts.subject) {
      await suite.context.addInitScript(
        ([key, value]) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, value);
        },
        [STORAGE_KEYS.examContext, JSON.stringify(opts.subject)] as const,
      );
    }
    await opts.prepare?.(suite.context, suite.server);
    suite.page = await suite.context.newPage();
  });
  return suite;
}

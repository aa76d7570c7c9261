/**
 * Lighthouse benchmark of the first load: `npm run bench:lighthouse` after `npm run build`.
 *
 * Starts the production server (`src/server/main.ts`, NODE_ENV=production, throwaway secrets, a fresh temporary
 * DATA_DIR seeded with the demo content) in a child process on a loopback port, then runs Lighthouse 12 with its
 * mobile defaults (simulated throttling: 150 ms RTT, 1.6 Mbps, 4× CPU slowdown; Moto G Power screen) in Debian's
 * Chromium (`CHROME_PATH`, default /usr/bin/chromium) against each page below, and prints the performance score
 * and FCP, LCP, TBT, CLS next to the targets, and the accessibility score (with the failing audits when it is
 * below 1). `BENCH_RUNS=3` runs every page three times and reports the run with the median performance score
 * (Lighthouse's own advice for noisy machines). `BENCH_CATEGORIES=accessibility` runs one category only;
 * `BENCH_COLOR_SCHEME=dark` runs Chromium with the system's dark theme (the app follows `prefers-color-scheme`), so
 * the dark palette's contrast is measured. The built client is `BEIKAO_DIST` (default dist/). `BENCH_TRACE_DIR` names a
 * folder each run's trace is written to.
 *
 * Exit code 1 when a page's accessibility score is below its target: accessibility is deterministic. The performance
 * targets are reported (✗) but do not fail the run: on a shared machine the same page moves 0.8–1.0 between runs.
 *
 * The subject (exam context) is what a returning visitor has in localStorage: it is set once on the origin
 * (on a JSON URL, so no asset enters the HTTP cache) after `/study/category` was measured as a new visitor.
 * Lighthouse clears the HTTP cache before each page but keeps localStorage (its default `clearStorageTypes`).
 * The last page, a course detail (`/course/detail/1`, 英语四级全程班, the subject's first course), needs a login
 * (its route has `meta.auth`; logged out it sends the visitor to `/user/mobile_login`): after the logged-out pages,
 * the 四六级 VIP demo user (13800000002, who may watch the whole course) logs in over the API by SMS code and the
 * token is put into localStorage the same way (`STORAGE_KEYS.jwt`). The course is checked over the API first (it
 * exists, so the page is not the 课程不存在 screen, and the user may open it), and a page measured logged in must end
 * on itself (the run stops when Lighthouse ended on the login page instead).
 *
 * The server and the login: `scripts/bench-production-server.ts` (shared with `bench:reader`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import * as courseApi from '../src/contract/courses';
import { STORAGE_KEYS } from '../src/platform/storage';
import { loginByCode, signedCall, startProductionServer } from './bench-production-server';

const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
/** The demo user the login pages are measured as: the 四六级 VIP (content/demo/user-center/demo-accounts.json). */
const USER = '13800000002';
/** The course detail measured: 英语四级全程班, the subject's first course (top, recommended), 10 videos the VIP may watch. */
const COURSE_ID = 1;

/**
 * The new visitors' pages first, then the logged-out ones with a subject, then those needing a login: the subject is
 * set once, before the first page that needs it, and the user logged in once, before the first page with `login`
 * (localStorage is kept between pages, so every page after it is measured logged in).
 */
const PAGES: Array<{ label: string; path: string; subject: boolean; login?: boolean; key?: string }> = [
  { label: '/study/category (new visitor)', path: '/study/category', subject: false },
  // `/` without a subject shows the subject picker; BENCH_PAGES names it `/?new`.
  { label: '/ (subject picker, new visitor)', path: '/', subject: false, key: '/?new' },
  { label: '/ (study home, subject chosen)', path: '/', subject: true },
  { label: '/activity/promotion1', path: '/activity/promotion1', subject: true },
  { label: '/activity/detail/1001', path: '/activity/detail/1001', subject: true },
  { label: '/news/detail/5', path: '/news/detail/5', subject: true },
  { label: '/mall/index', path: '/mall/index', subject: true },
  // Logged out: a user who is logged in has no reason to open it.
  { label: '/user/mobile_login', path: '/user/mobile_login', subject: true },
  { label: `/course/detail/${COURSE_ID} (logged in)`, path: `/course/detail/${COURSE_ID}`, subject: true, login: true },
];

/**
 * Issue 25's targets (median of three, `BENCH_RUNS=3`): a score ≥ 0.97, LCP ≤ 2.0 s, TBT ≤ 150 ms; FCP and CLS at
 * Lighthouse's mobile thresholds for a 0.95 score (its log-normal curves).
 */
const TARGET = { score: 0.97, fcp: 1570, lcp: 2000, tbt: 150, cls: 0.078 };
/** Accessibility (issue 24): every page ≥ 0.95 — the run fails below it. */
const A11Y_TARGET = 0.95;
const CATEGORIES = (process.env.BENCH_CATEGORIES ?? 'performance,accessibility')
  .split(',')
  .map((c) => c.trim())
  .filter((c): c is 'performance' | 'accessibility' => c === 'performance' || c === 'accessibility');
const PERF = CATEGORIES.includes('performance');
const DARK = process.env.BENCH_COLOR_SCHEME === 'dark';
const A11Y = CATEGORIES.includes('accessibility');

interface Result {
  score: number;
  a11y: number;
  /** The accessibility audits that failed, with the first few offending elements. */
  a11yFailed: string[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
  lcpPhases: string;
  bytes: number;
  finalUrl: string;
  /** Lighthouse's measure of this machine's CPU speed at the time of the run (its simulated 4× slowdown does not scale by it). */
  benchmarkIndex: number;
  mainThread: string;
  shifts: string[];
  /** Main-thread tasks over 50 ms (Lighthouse's long-tasks audit, at its 4× slowdown), with the script that ran. */
  longTasks: string[];
  requests: string[];
}

/** BENCH_TRACE_DIR: a folder each run's trace is written to (`<page>-<n>.json`, loadable in DevTools' Performance panel). */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const traceCount = new Map<string, number>();
function saveTrace(url: string, trace: unknown): void {
  if (!TRACE_DIR) return;
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
  const n = (traceCount.get(name) ?? 0) + 1;
  traceCount.set(name, n);
  fs.mkdirSync(TRACE_DIR, { recursive: true });
  fs.writeFileSync(path.join(TRACE_DIR, `${name}-${n}.json`), JSON.stringify(trace));
}

/** How often a run that Lighthouse itself could not record (its runtimeError, e.g. NO_NAVSTART) is tried again. */
const RETRIES = 2;

async function measure(url: string, port: number, attempt = 0): Promise<Result> {
  const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  if (!runner) throw new Error(`no Lighthouse result for ${url}`);
  const lhr = runner.lhr;
  if (TRACE_DIR && !lhr.runtimeError) saveTrace(url, runner.artifacts.Trace);
  if (lhr.runtimeError) {
    // Lighthouse failing to record a trace says nothing about the page; a second failure in a row is reported.
    if (attempt < RETRIES) {
      console.log(`  (${lhr.runtimeError.code}: Lighthouse could not record this run; running it again)`);
      return measure(url, port, attempt + 1);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> }
  )?.items;
  const a11yFailed = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score === 0)
    .map((a) => {
      const items = (a.details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items ?? [];
      const nodes = items.slice(0, 3).map((i) => i.node?.snippet?.slice(0, 80) ?? '?');
      return `${a.id} (${items.length}): ${nodes.join(' | ')}`;
    });
  return {
    score: lhr.categories.performance?.score ?? 0,
    a11y: lhr.categories.accessibility?.score ?? 0,
    a11yFailed,
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.slice(0, 70) ?? '?',
    bytes: num('total-byte-weight'),
    lcpPhases: (
      (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ phase?: string; timing?: number }> }> })
        ?.items?.[1]?.items ?? []
    )
      .map((i) => `${i.phase} ${Math.round(i.timing ?? 0)} ms`)
      .join(', '),
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    mainThread: (
      (lhr.audits['mainthread-work-breakdown']?.details as { items?: Array<{ groupLabel: string; duration: number }> })?.items ?? []
    )
      .map((i) => `${i.groupLabel} ${Math.round(i.duration)} ms`)
      .join(', '),
    longTasks: (
      (lhr.audits['long-tasks']?.details as { items?: Array<{ url: string; duration: number; startTime: number }> })?.items ?? []
    ).map((i) => `${Math.round(i.duration)} ms at ${Math.round(i.startTime)} ms ${i.url.replace(/^https?:\/\/[^/]+/, '')}`),
    shifts: ((lhr.audits['layout-shifts']?.details as { items?: Array<{ score: number; node?: { snippet?: string } }> })?.items ?? []).map(
      (i) => `${i.score.toFixed(3)} ${i.node?.snippet?.slice(0, 90) ?? '?'}`,
    ),
    requests: ((lhr.audits['network-requests']?.details as { items?: Array<{ url: string; transferSize: number }> })?.items ?? []).map(
      (r) => `${(r.transferSize / 1024).toFixed(1)} KB ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
    ),
  };
}

const mark = (ok: boolean) => (ok ? ' ' : '✗');
function line(label: string, r: Result): string {
  const perf = PERF
    ? `score ${r.score.toFixed(2)}${mark(r.score >= TARGET.score)}  ` +
      `FCP ${(r.fcp / 1000).toFixed(2)} s${mark(r.fcp <= TARGET.fcp)}  LCP ${(r.lcp / 1000).toFixed(2)} s${mark(r.lcp <= TARGET.lcp)}  ` +
      `TBT ${Math.round(r.tbt)} ms${mark(r.tbt <= TARGET.tbt)}  CLS ${r.cls.toFixed(3)}${mark(r.cls <= TARGET.cls)}  ` +
      `transfer ${(r.bytes / 1024).toFixed(1)} KB  `
    : '';
  const a11y = A11Y ? `a11y ${r.a11y.toFixed(2)}${mark(r.a11y >= A11Y_TARGET)}` : '';
  return `${label.padEnd(34)} ${perf}${a11y}`;
}

/**
 * Runs `act` in a tab on the origin, opened on a JSON URL (the app does not start and no asset enters the HTTP cache):
 * what it stores in localStorage and cookies is there for the pages Lighthouse measures next.
 */
async function onOrigin<T>(port: number, base: string, act: (tab: Page) => Promise<T>): Promise<T> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const tab = await browser.newPage();
    await tab.goto(`${base}/api/pages/manifest`);
    const result = await act(tab);
    await tab.close();
    return result;
  } finally {
    await browser.disconnect();
  }
}

/** The HTML's scripts must be served as scripts (a build running meanwhile replaces dist/ under the server). */
async function preflight(base: string): Promise<void> {
  const html = await (await fetch(`${base}/study/category`)).text();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) {
    const res = await fetch(base + m[1]);
    if (!res.ok || !String(res.headers.get('content-type')).includes('javascript')) {
      throw new Error(
        `${m[1]} is not served (${res.status} ${res.headers.get('content-type')}): was dist/ rebuilt while the server started?`,
      );
    }
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-lighthouse-'));
const server = await startProductionServer(dataDir);
await preflight(server.url);
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    // Blink's preferred colour scheme: 0 is dark.
    ...(DARK ? ['--blink-settings=preferredColorScheme=0'] : []),
  ],
});
try {
  console.log(`Lighthouse 12 mobile defaults against ${server.url} (production server, seeded demo), ${RUNS} run(s) per page`);
  console.log(
    `targets: ${PERF ? `performance score ≥ ${TARGET.score}, FCP ≤ ${TARGET.fcp / 1000} s, LCP ≤ ${TARGET.lcp / 1000} s, TBT ≤ ${TARGET.tbt} ms, CLS ≤ ${TARGET.cls}; ` : ''}` +
      `${A11Y ? `accessibility ≥ ${A11Y_TARGET} (fails the run)` : ''} (✗ = missed)\n`,
  );
  if (DARK) {
    const dark = await onOrigin(chrome.port, server.url, (tab) => tab.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches));
    if (!dark) throw new Error('BENCH_COLOR_SCHEME=dark: Chromium does not prefer the dark scheme');
    console.log('system colour scheme: dark');
  }
  let subjectSet = false;
  let loggedIn = false;
  let missed = 0;
  let a11yMissed = 0;
  const only = process.env.BENCH_PAGES?.split(',');
  for (const p of PAGES.filter((x) => !only || only.includes(x.key ?? x.path))) {
    if (p.subject && !subjectSet) {
      // A returning visitor: the subject in storage and in the cookie the app keeps next to it (the server then puts
      // the study home's data into the HTML, src/server/client/first-screen-data.ts).
      await onOrigin(chrome.port, server.url, (tab) =>
        tab.evaluate(
          (k, v, cookie) => {
            localStorage.setItem(k, v);
            document.cookie = cookie;
          },
          STORAGE_KEYS.examContext,
          JSON.stringify(SUBJECT),
          `bk_exam=${SUBJECT.genus_id}.${SUBJECT.category_id}; path=/; max-age=31536000; samesite=lax`,
        ),
      );
      subjectSet = true;
    }
    if (p.login && !loggedIn) {
      const token = await loginByCode(server, USER);
      // The measured course must show, not the 课程不存在 screen (course.detail refuses an unknown id), and in full.
      const course = await signedCall<{ name: string; can_access: number }>(server.url, courseApi.courseDetail_, { id: COURSE_ID }, token);
      if (course.can_access !== 1) throw new Error(`${USER} may not open course ${COURSE_ID} (${course.name})`);
      await onOrigin(chrome.port, server.url, (tab) => tab.evaluate((k, v) => localStorage.setItem(k, v), STORAGE_KEYS.jwt, token));
      console.log(`logged in as ${USER} (localStorage ${STORAGE_KEYS.jwt}); course ${COURSE_ID}: ${course.name}`);
      loggedIn = true;
    }
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(server.url + p.path, chrome.port));
    const r = runs.sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)] as Result;
    // A page behind the login must be measured, not the login page the app sends a visitor without a token to.
    for (const run of runs) {
      if (p.login && new URL(run.finalUrl).pathname !== p.path) throw new Error(`${p.path} ended at ${run.finalUrl}: not logged in?`);
    }
    if (PERF && r.score < TARGET.score) missed++;
    if (A11Y && r.a11y < A11Y_TARGET) a11yMissed++;
    console.log(line(p.label, r));
    if (A11Y) for (const f of r.a11yFailed) console.log(`  accessibility: ${f}`);
    if (process.env.BENCH_VERBOSE) {
      console.log(
        `  final URL ${r.finalUrl}; LCP element: ${r.lcpElement} (${r.lcpPhases}); scores ${runs.map((x) => x.score.toFixed(2)).join(' ')}; CPU benchmark index ${runs.map((x) => x.benchmarkIndex).join(' ')}`,
      );
      console.log(`  main thread (4× slowdown): ${r.mainThread}`);
      for (const req of r.requests) console.log(`    ${req.slice(0, 110)}`);
      for (const shift of r.shifts) console.log(`    layout shift ${shift}`);
      for (const task of r.longTasks) console.log(`    long task ${task}`);
    }
  }
  if (PERF) console.log(missed ? `\n${missed} page(s) below a score of ${TARGET.score}` : `\nevery page scores ≥ ${TARGET.score}`);
  if (A11Y) {
    console.log(
      a11yMissed
        ? `${a11yMissed} page(s) below an accessibility score of ${A11Y_TARGET}`
        : `every page's accessibility score ≥ ${A11Y_TARGET}`,
    );
    if (a11yMissed) process.exitCode = 1;
  }
} finally {
  await chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

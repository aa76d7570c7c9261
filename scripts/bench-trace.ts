/**
 * Main-thread blocking time of a page load, measured from a trace: `npm run bench:trace` after `npm run build`.
 *
 * Lighthouse's total blocking time on this two-core machine moves 3–5× between sessions on the same code: a task's wall
 * time includes the moments the main thread waited for a core (the renderer's compile and raster threads, the
 * browser process, the server and Lighthouse share two). This benchmark loads each page in Debian's Chromium
 * (phone viewport, a fresh browser per load) with Lighthouse's own trace categories, and estimates the blocking time
 * at Lighthouse's 4× CPU slowdown twice, over the main-thread tasks after the first contentful paint:
 * - from wall time, as Lighthouse counts it: the sum of `4 × duration − 50 ms`;
 * - from thread time, the CPU the main thread really got (`tdur`): the same sum, with each task's duration
 *   replaced by its thread time. This one depends on the code and the CPU, not on what else the machine is doing.
 * Printed per page, as medians of BENCH_RUNS (3) loads: FCP, both estimates, and the longest task by thread time.
 * Pages: BENCH_PAGES (comma-separated paths; default below). `/` is measured with a subject chosen (the `bk_exam`
 * cookie and the exam context in localStorage, as a returning visitor has them). Compare builds side by side with
 * BEIKAO_DIST. docs/performance.md, "Source positions under DevTools".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { STORAGE_KEYS } from '../src/platform/storage';
import { median } from './bench-pairs';
import { startProductionServer } from './bench-production-server';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PAGES = (process.env.BENCH_PAGES ?? '/,/news/detail/5,/mall/index,/activity/promotion1,/activity/detail/1001').split(',');
/** The subject a returning visitor has chosen (英语四六级 / 英语四级 in the demo seed). */
const SUBJECT = { genus_id: 1, category_id: 1, category_name: '英语四级' };
/** Lighthouse 12's default trace categories (lighthouse/core/gather/gatherers/trace.js), so the trace costs what it costs there. */
const LIGHTHOUSE_CATEGORIES = [
  '-*',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink.console',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.screenshot',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'latencyInfo',
  'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources',
  'disabled-by-default-devtools.v8-source-rundown',
];
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

interface Load {
  fcp: number;
  wallTbt: number;
  threadTbt: number;
  longestThreadMs: number;
}

/** Blocking time at 4× from a trace of one load, counted from the first contentful paint. */
export function blockingTime(events: TraceEvent[]): Load {
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').at(-1);
  if (!fcp) throw new Error('the trace has no first contentful paint');
  const thread = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid);
  if (!thread) throw new Error('the trace has no renderer main thread');
  const start = events.filter((e) => e.pid === fcp.pid && e.name === 'navigationStart' && e.ts < fcp.ts).at(-1);
  if (!start) throw new Error('the trace has no navigation start');
  const tasks = events.filter(
    (e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts + (e.dur ?? 0) > fcp.ts,
  );
  let wallTbt = 0;
  let threadTbt = 0;
  let longestThreadMs = 0;
  for (const t of tasks) {
    const wall = (t.dur ?? 0) / 1000;
    const cpu = (t.tdur ?? t.dur ?? 0) / 1000;
    // A task that began before the paint counts from the paint, as Lighthouse counts it.
    const after = Math.min(1, (t.ts + (t.dur ?? 0) - fcp.ts) / (t.dur || 1));
    wallTbt += Math.max(0, SLOWDOWN * wall * after - LONG_TASK_MS);
    threadTbt += Math.max(0, SLOWDOWN * cpu * after - LONG_TASK_MS);
    longestThreadMs = Math.max(longestThreadMs, cpu);
  }
  return { fcp: (fcp.ts - start.ts) / 1000, wallTbt, threadTbt, longestThreadMs };
}

async function loadOnce(base: string, page: string): Promise<Load> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (page === '/') {
      await context.addCookies([{ name: 'bk_exam', value: `${SUBJECT.genus_id}.${SUBJECT.category_id}`, url: base }]);
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        STORAGE_KEYS.examContext,
        JSON.stringify(SUBJECT),
      ] as const);
    }
    const tab = await context.newPage();
    await browser.startTracing(tab, { categories: LIGHTHOUSE_CATEGORIES });
    await tab.goto(base + page, { waitUntil: 'load' });
    // Until the app has started and the first screen's data arrived (Lighthouse waits for a quiet main thread).
    await tab.waitForTimeout(3000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return blockingTime(trace.traceEvents);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const server = await startProductionServer(fs.mkdtempSync(path.join(os.tmpdir(), 'beikao-trace-')));
  try {
    console.log(`main-thread blocking time at ${SLOWDOWN}× from traces (Lighthouse's categories), median of ${RUNS} load(s)`);
    console.log('| page | FCP ms | TBT from wall time ms | TBT from thread time ms | longest task, thread time ms |');
    console.log('|---|---|---|---|---|');
    for (const page of PAGES) {
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await loadOnce(server.url, page));
      const m = (f: (l: Load) => number) => Math.round(median(loads.map(f)));
      console.log(`| ${page} | ${m((l) => l.fcp)} | ${m((l) => l.wallTbt)} | ${m((l) => l.threadTbt)} | ${m((l) => l.longestThreadMs)} |`);
    }
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) await main();

import type { BrowserContext, Page } from 'playwright-core';

/**
 * Records layout shifts from the start of every load (as Lighthouse counts them: shifts after recent input left
 * out). Call before the page loads; read the sum with `layoutShiftSum`.
 */
export async function recordLayoutShifts(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!e.hadRecentInput) w.__shifts.push(e.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The summed layout shift the page has had since it loaded. */
export async function layoutShiftSum(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  return shifts.reduce((a, b) => a + b, 0);
}

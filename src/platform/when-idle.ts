/**
 * Runs `run` when the browser has an idle moment (`requestIdleCallback`), and no later than `capMs` from now;
 * in a browser without idle callbacks (Safari before 18), after a plain `capMs / 3` delay.
 */
export function whenIdle(
  run: () => void,
  capMs: number,
  env: Partial<Pick<typeof globalThis, 'requestIdleCallback' | 'setTimeout'>> = globalThis,
): void {
  if (typeof env.requestIdleCallback === 'function') {
    env.requestIdleCallback(() => run(), { timeout: capMs });
    return;
  }
  env.setTimeout?.(run, Math.round(capMs / 3));
}

import { evaluate, type Scope } from '../../runtime/expr';

/**
 * What the HTML's drawings (skeleton.ts, skeleton-cards.ts) may take from a page config and the first screen's data.
 */

/** A picture URL the HTML may name: a site path or an https address, nothing else. */
export function pictureUrl(v: unknown): string | undefined {
  return typeof v === 'string' && (/^\/(?!\/)/.test(v) || /^https:\/\//.test(v)) ? v : undefined;
}

/** Whether a block with this `visibleOn` shows for `scope` (no condition: it does; one that fails to evaluate: it does not). */
export function shows(visibleOn: unknown, scope: Scope): boolean {
  if (typeof visibleOn !== 'string') return true;
  try {
    return Boolean(evaluate(visibleOn, scope));
  } catch {
    return false;
  }
}

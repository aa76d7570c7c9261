/** Pure rules of the feedback button and popup (spec §2, §5, §8, §9). */

export const FEEDBACK_MAX = 300;
export const SWIPE_THRESHOLD = 50;
/** The button keeps this much room to the right and bottom edges of the viewport. */
export const BUTTON_MARGINS = { width: 52, height: 50 } as const;
export const POSITION_KEY = 'beikao.feedback_position';
/** The server refuses a longer page_url. */
export const PAGE_URL_MAX = 500;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), Math.max(lo, hi));
}

/** Keeps the button inside the viewport: x in [0, width − margins.width], y in [0, height − margins.height]. */
export function clampPosition(p: Point, viewport: Size, margins: Size = BUTTON_MARGINS): Point {
  const x = Number.isFinite(p.x) ? p.x : 0;
  const y = Number.isFinite(p.y) ? p.y : 0;
  return {
    x: clamp(x, 0, viewport.width - margins.width),
    y: clamp(y, 0, viewport.height - margins.height),
  };
}

/** A pointer that travelled `threshold` px or more (in total, from where it went down) is a drag, not a tap. */
export function isDrag(dx: number, dy: number, threshold: number = SWIPE_THRESHOLD): boolean {
  return Math.hypot(dx, dy) >= threshold;
}

/** The gap the button keeps to the screen edge it rests at, and above a bottom action bar. */
export const EDGE_GAP = 8;

/** The side of the screen a position is nearer to (by the button's centre). */
export function nearestSide(p: Point, viewport: Size, margins: Size = BUTTON_MARGINS): 'left' | 'right' {
  return p.x + margins.width / 2 < viewport.width / 2 ? 'left' : 'right';
}

/** After a drag (or a rotation) the button rests at the edge of `side`, its height kept inside the viewport. */
export function restAtEdge(p: Point, viewport: Size, side: 'left' | 'right', margins: Size = BUTTON_MARGINS): Point {
  const x = side === 'left' ? EDGE_GAP : viewport.width - margins.width - EDGE_GAP;
  return clampPosition({ x, y: p.y }, viewport, margins);
}

/**
 * Where the button is drawn: its resting place, lifted above a bar fixed to the bottom of the screen (a page's
 * action bar, the tab bar) whose top is at `barTop` (the viewport height when there is none), never above the top.
 */
export function clearOfBottomBar(p: Point, barTop: number, margins: Size = BUTTON_MARGINS): Point {
  const highest = barTop - margins.height - EDGE_GAP;
  return { x: p.x, y: Math.max(0, Math.min(p.y, highest)) };
}

/** Where the button sits before the user moves it: right edge, a little below the middle. */
export function defaultPosition(viewport: Size): Point {
  return clampPosition(
    {
      x: viewport.width - BUTTON_MARGINS.width - 8,
      y: Math.round(viewport.height * 0.62),
    },
    viewport,
  );
}

/** Reads a stored position; anything malformed means "not stored". */
export function parseStoredPosition(raw: unknown): Point | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { x, y } = raw as Record<string, unknown>;
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/** Cuts the text to `max` UTF-16 units (as the server counts), never splitting a surrogate pair. */
export function truncateFeedback(text: string, max: number = FEEDBACK_MAX): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

export interface SubmitDeps {
  /** Sends the feedback; resolves with the envelope's status and msg. */
  send(input: { content: string; page_url: string }): Promise<{ status: number; msg: string }>;
  toast(text: string): void;
  pageUrl: string;
  messages: { empty: string; thanks: string; failed: string };
}

export type SubmitOutcome = 'empty' | 'sent' | 'failed';

/** Empty text: toast and send nothing. Otherwise send; thanks on success, the server's msg on failure. */
export async function submitFeedback(text: string, deps: SubmitDeps): Promise<SubmitOutcome> {
  const content = truncateFeedback(text).trim();
  if (!content) {
    deps.toast(deps.messages.empty);
    return 'empty';
  }
  const res = await deps.send({
    content,
    page_url: deps.pageUrl.slice(0, PAGE_URL_MAX),
  });
  if (res.status === 0) {
    deps.toast(deps.messages.thanks);
    return 'sent';
  }
  deps.toast(res.msg || deps.messages.failed);
  return 'failed';
}

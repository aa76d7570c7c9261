/**
 * Where text is on screen, and which text is on screen, for both reading modes. A place is a span index and a
 * character offset in it (the anchor of src/protocol/anchor.ts, never a page number); the page or scroll position is
 * derived from it after every layout, so a font, theme, mode or window change keeps the same text in view.
 *
 * Everything works on a `Geometry`: the box of any character of the chapter. The reader builds one from the DOM
 * (`domGeometry`, a Range per probed character); tests build one from a simple text-flow model. Characters are in
 * reading order on screen (columns left to right, lines top to bottom), so "the first character on page p" and
 * "the first character below y" are binary searches: about 15 probes for a 20,000-character chapter.
 */

export interface Place {
  span: number;
  offset: number;
}

/** The characters of a chapter numbered 0…total-1 across its spans. */
export class TextIndex {
  readonly starts: number[];
  readonly total: number;
  constructor(readonly lengths: readonly number[]) {
    let n = 0;
    this.starts = lengths.map((len) => {
      const s = n;
      n += len;
      return s;
    });
    this.total = n;
  }
  /** The global number of a place (clamped into the chapter). */
  toGlobal(p: Place): number {
    if (this.total === 0) return 0;
    const span = Math.min(Math.max(0, p.span), this.lengths.length - 1);
    const len = this.lengths[span] ?? 0;
    const offset = Math.min(Math.max(0, p.offset), Math.max(0, len - 1));
    return Math.min(this.total - 1, (this.starts[span] ?? 0) + offset);
  }
  /** The place of a global character number. */
  toPlace(g: number): Place {
    const c = Math.min(Math.max(0, g), Math.max(0, this.total - 1));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      // The last span starting at or before c (an empty span shares its start with the next one, which wins).
      if ((this.starts[mid] ?? 0) <= c) lo = mid;
      else hi = mid - 1;
    }
    return { span: Math.max(0, lo), offset: c - (this.starts[lo] ?? 0) };
  }
}

/** A character's box relative to the text flow's own origin (as if the flow were not moved to show a page). */
export interface CharBox {
  x: number;
  y: number;
  bottom: number;
}

export interface Geometry {
  index: TextIndex;
  /** The box of character g, or null when it has none (e.g. a collapsed space). */
  box(g: number): CharBox | null;
}

/** The box of g, or of the nearest character after it (before it at the end) that has one. */
export function boxNear(geom: Geometry, g: number): CharBox | null {
  const total = geom.index.total;
  for (let i = g; i < total && i < g + 16; i++) {
    const b = geom.box(i);
    if (b) return b;
  }
  for (let i = g - 1; i >= 0 && i > g - 16; i--) {
    const b = geom.box(i);
    if (b) return b;
  }
  return null;
}

/** The smallest g in [0, total) for which `pred` holds, `pred` being false…false true…true; `total` when none. */
export function firstWhere(total: number, pred: (g: number) => boolean): number {
  let lo = 0;
  let hi = total;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The page (column) holding a character whose left edge is at x, pages being `stride` px apart. */
export function pageOfX(x: number, stride: number): number {
  return stride > 0 ? Math.max(0, Math.floor((x + 1) / stride)) : 0;
}

/** Paginated: the page that shows a place. */
export function pageOfPlace(geom: Geometry, place: Place, stride: number): number {
  const b = boxNear(geom, geom.index.toGlobal(place));
  return b ? pageOfX(b.x, stride) : 0;
}

/** Paginated: how many pages the chapter has. */
export function pageCountOf(geom: Geometry, stride: number): number {
  const total = geom.index.total;
  return total === 0 ? 1 : pageOfPlace(geom, geom.index.toPlace(total - 1), stride) + 1;
}

/** Paginated: the first place on a page (the anchor of what the reader sees there). */
export function placeAtPage(geom: Geometry, page: number, stride: number): Place {
  const total = geom.index.total;
  const g = firstWhere(total, (i) => {
    const b = boxNear(geom, i);
    return b !== null && pageOfX(b.x, stride) >= page;
  });
  return geom.index.toPlace(Math.min(g, Math.max(0, total - 1)));
}

/** Scrolling: the first place whose line is (partly) below `top` (the top of the visible area, in flow coordinates). */
export function placeAtTop(geom: Geometry, top: number): Place {
  const total = geom.index.total;
  const g = firstWhere(total, (i) => {
    const b = boxNear(geom, i);
    return b !== null && b.bottom > top + 1;
  });
  return geom.index.toPlace(Math.min(g, Math.max(0, total - 1)));
}

/** Scrolling: the top (flow coordinates) of the line holding a place. */
export function topOfPlace(geom: Geometry, place: Place): number {
  return boxNear(geom, geom.index.toGlobal(place))?.y ?? 0;
}

/** Whether a place lies on page `page` (paginated) — e.g. a bookmark shown as "on this page". */
export function placeOnPage(geom: Geometry, place: Place, page: number, stride: number): boolean {
  return pageOfPlace(geom, place, stride) === page;
}

/** Whether a place's line is inside the visible band [top, bottom) (scrolling). */
export function placeInBand(geom: Geometry, place: Place, top: number, bottom: number): boolean {
  const b = boxNear(geom, geom.index.toGlobal(place));
  return b !== null && b.bottom > top + 1 && b.y < bottom - 1;
}

/**
 * The geometry of the rendered chapter: `flow` holds one element per span (`[data-span]`, its text as its only
 * child), in order. Boxes are measured with one reused Range, relative to the flow's box, which moves with the
 * flow (a translateX to show a page, a scroll), so they do not depend on the page or scroll position shown.
 */
export function domGeometry(flow: HTMLElement, index: TextIndex): Geometry {
  const nodes: (Text | null)[] = [];
  for (const el of flow.querySelectorAll<HTMLElement>('[data-span]')) {
    const i = Number(el.dataset.span);
    const t = el.firstChild;
    nodes[i] = t && t.nodeType === 3 ? (t as Text) : null;
  }
  const origin = flow.getBoundingClientRect();
  const range = flow.ownerDocument.createRange();
  return {
    index,
    box(g) {
      const { span, offset } = index.toPlace(g);
      const node = nodes[span];
      if (!node || offset >= node.length) return null;
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      const rects = range.getClientRects();
      const r = rects[0];
      if (!r || (r.width === 0 && r.height === 0)) return null;
      return { x: r.left - origin.left, y: r.top - origin.top, bottom: r.bottom - origin.top };
    },
  };
}

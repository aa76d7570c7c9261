import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstWhere,
  type Geometry,
  type Place,
  pageCountOf,
  pageOfPlace,
  pageOfX,
  placeAtPage,
  placeAtTop,
  placeInBand,
  TextIndex,
  topOfPlace,
} from './layout';

interface FlowOptions {
  /** Width of a page's text column, px. */
  width: number;
  /** Height of the text area, px. */
  height: number;
  fontSize: number;
  lineHeight?: number;
  mode?: 'page' | 'scroll';
}

/**
 * A text-flow model of the reader's layout: every span starts a new line, a line holds width / fontSize characters,
 * a page holds height / (fontSize × lineHeight) lines; pages are `width + 44` px apart (column + gap), as in the reader.
 */
function flowGeometry(lengths: readonly number[], o: FlowOptions): Geometry & { stride: number; linesPerPage: number } {
  const perLine = Math.max(1, Math.floor(o.width / o.fontSize));
  const lh = o.fontSize * (o.lineHeight ?? 1.85);
  const linesPerPage = Math.max(1, Math.floor(o.height / lh));
  const stride = o.width + 44;
  const index = new TextIndex(lengths);
  const firstLine: number[] = [];
  let line = 0;
  for (const len of lengths) {
    firstLine.push(line);
    line += Math.max(1, Math.ceil(len / perLine));
  }
  return {
    index,
    stride,
    linesPerPage,
    box(g) {
      const { span, offset } = index.toPlace(g);
      const l = (firstLine[span] ?? 0) + Math.floor(offset / perLine);
      const x = (offset % perLine) * o.fontSize;
      if (o.mode === 'scroll') return { x, y: l * lh, bottom: (l + 1) * lh };
      const row = l % linesPerPage;
      return { x: Math.floor(l / linesPerPage) * stride + x, y: row * lh, bottom: (row + 1) * lh };
    },
  };
}

const SPANS = [12, 180, 240, 31, 420, 96, 15, 300, 260, 510, 44, 380, 205, 18, 330];
const PHONE = { width: 346, height: 730 };
const g = (geom: Geometry, p: Place) => geom.index.toGlobal(p);

describe('text index', () => {
  it('numbers characters across spans and back', () => {
    const idx = new TextIndex([3, 0, 2, 5]);
    expect(idx.total).toBe(10);
    expect(idx.toGlobal({ span: 2, offset: 1 })).toBe(4);
    expect(idx.toPlace(4)).toEqual({ span: 2, offset: 1 });
    expect(idx.toPlace(3)).toEqual({ span: 2, offset: 0 }); // the empty span is skipped
    expect(idx.toPlace(9)).toEqual({ span: 3, offset: 4 });
    // Clamped: past the end of a span or of the chapter.
    expect(idx.toGlobal({ span: 0, offset: 99 })).toBe(2);
    expect(idx.toGlobal({ span: 9, offset: 0 })).toBe(5);
    expect(idx.toPlace(99)).toEqual({ span: 3, offset: 4 });
  });

  it('finds the first character meeting a monotone condition', () => {
    expect(firstWhere(100, (i) => i >= 37)).toBe(37);
    expect(firstWhere(100, () => false)).toBe(100);
    expect(firstWhere(0, () => true)).toBe(0);
  });
});

describe('paginated mode', () => {
  it('puts a character on the page of its column', () => {
    expect(pageOfX(0, 390)).toBe(0);
    expect(pageOfX(345, 390)).toBe(0);
    expect(pageOfX(389.4, 390)).toBe(1); // sub-pixel left edge of the next column
    expect(pageOfX(390 * 3 + 12, 390)).toBe(3);
  });

  it('gives the page index of an anchor, and the first place of a page', () => {
    const geom = flowGeometry(SPANS, { ...PHONE, fontSize: 18 });
    const perLine = Math.floor(PHONE.width / 18);
    // Span 4 starts on line 1 + 10 + 14 + 2 = 27 (lines of spans 0–3), offset 250 is 13 lines further.
    const line = 1 + Math.ceil(180 / perLine) + Math.ceil(240 / perLine) + Math.ceil(31 / perLine) + Math.floor(250 / perLine);
    expect(pageOfPlace(geom, { span: 4, offset: 250 }, geom.stride)).toBe(Math.floor(line / geom.linesPerPage));
    expect(pageOfPlace(geom, { span: 0, offset: 0 }, geom.stride)).toBe(0);
    const count = pageCountOf(geom, geom.stride);
    expect(pageOfPlace(geom, { span: SPANS.length - 1, offset: 329 }, geom.stride)).toBe(count - 1);
    for (let p = 0; p < count; p++) {
      const first = placeAtPage(geom, p, geom.stride);
      expect(pageOfPlace(geom, first, geom.stride)).toBe(p);
      if (g(geom, first) > 0) expect(pageOfPlace(geom, geom.index.toPlace(g(geom, first) - 1), geom.stride)).toBe(p - 1);
    }
  });

  it('keeps the anchor of a place in view across font size changes (and back on the same page)', () => {
    const at18 = flowGeometry(SPANS, { ...PHONE, fontSize: 18 });
    for (let page = 0; page < pageCountOf(at18, at18.stride); page++) {
      const anchor = placeAtPage(at18, page, at18.stride);
      for (const fontSize of [14, 20, 24, 28]) {
        const other = flowGeometry(SPANS, { ...PHONE, fontSize });
        const shown = pageOfPlace(other, anchor, other.stride);
        // The page shown after the change holds the same span and offset …
        const from = g(other, placeAtPage(other, shown, other.stride));
        const next = shown + 1 < pageCountOf(other, other.stride) ? g(other, placeAtPage(other, shown + 1, other.stride)) : Infinity;
        expect(g(other, anchor)).toBeGreaterThanOrEqual(from);
        expect(g(other, anchor)).toBeLessThan(next);
      }
      // … and the anchor is unchanged, so going back to 18 px shows the page the reader was on.
      expect(pageOfPlace(at18, anchor, at18.stride)).toBe(page);
    }
  });

  it('holds for any chapter, font sizes and place (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom(14, 16, 18, 20, 22, 24, 26, 28),
        fc.constantFrom(14, 16, 18, 20, 22, 24, 26, 28),
        fc.nat(),
        fc.nat(),
        (lengths, a, b, spanSeed, offsetSeed) => {
          const span = spanSeed % lengths.length;
          const place = { span, offset: offsetSeed % (lengths[span] ?? 1) };
          const before = flowGeometry(lengths, { ...PHONE, fontSize: a });
          const after = flowGeometry(lengths, { ...PHONE, fontSize: b });
          // Shown before the change: the page of the place; after it: the page whose text range holds the place.
          const shown = pageOfPlace(after, place, after.stride);
          const from = g(after, placeAtPage(after, shown, after.stride));
          const last = shown + 1 >= pageCountOf(after, after.stride);
          const to = last ? Number.POSITIVE_INFINITY : g(after, placeAtPage(after, shown + 1, after.stride));
          const back = pageOfPlace(before, place, before.stride);
          const backFrom = g(before, placeAtPage(before, back, before.stride));
          return from <= g(after, place) && g(after, place) < to && backFrom <= g(before, place);
        },
      ),
    );
  });
});

describe('scrolling mode', () => {
  it('finds the first visible place and scrolls back to it after a font change', () => {
    const at18 = flowGeometry(SPANS, { ...PHONE, fontSize: 18, mode: 'scroll' });
    const top = 1234;
    const anchor = placeAtTop(at18, top);
    const box = at18.box(g(at18, anchor));
    expect(box && box.bottom > top).toBe(true);
    // The character before it is above the visible area.
    const prev = at18.box(g(at18, anchor) - 1);
    expect(prev && prev.bottom <= top + 1).toBe(true);

    const at26 = flowGeometry(SPANS, { ...PHONE, fontSize: 26, mode: 'scroll' });
    const newTop = topOfPlace(at26, anchor);
    expect(placeAtTop(at26, newTop)).toEqual({ span: anchor.span, offset: anchor.offset - (anchor.offset % Math.floor(346 / 26)) });
    expect(placeInBand(at26, anchor, newTop, newTop + 730)).toBe(true);
    expect(placeInBand(at26, anchor, newTop + 800, newTop + 1500)).toBe(false);
  });
});

import type { PosterOverlay, PosterProps } from './props.gen';

/** Pure layout math of the poster, shared by the DOM view and the canvas renderer (design pixels). */

export const DEFAULT_WIDTH = 750;
export const DEFAULT_HEIGHT = 1334;
export const DEFAULT_BOX = 200;
export const DEFAULT_FONT_SIZE = 28;
export const DEFAULT_COLOR = '#222222';
export const LINE_HEIGHT = 1.4;

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  /** Text boxes grow with their lines: no height unless the config gives one. */
  height?: number;
}

export function designSize(p: Pick<PosterProps, 'width' | 'height'>): Size {
  return { width: p.width ?? DEFAULT_WIDTH, height: p.height ?? DEFAULT_HEIGHT };
}

/** Scale that makes the design exactly as wide as the space available (1 when nothing is known). */
export function fitScale(design: Size, availableWidth: number): number {
  if (!(availableWidth > 0) || !(design.width > 0)) return 1;
  return availableWidth / design.width;
}

/** Box of an overlay: text defaults to the right edge of the poster; image and QR to a 200×200 square. */
export function overlayRect(o: PosterOverlay, design: Size): Rect {
  if (o.kind === 'text') {
    const width = o.width ?? Math.max(1, design.width - o.x);
    return o.height === undefined ? { x: o.x, y: o.y, width } : { x: o.x, y: o.y, width, height: o.height };
  }
  const width = o.width ?? o.height ?? DEFAULT_BOX;
  return { x: o.x, y: o.y, width, height: o.height ?? width };
}

/** Source crop that draws an image of `image` size to cover `box` without distortion (centred). */
export function coverCrop(image: Size, box: Size): { sx: number; sy: number; sw: number; sh: number } {
  if (!(image.width > 0 && image.height > 0 && box.width > 0 && box.height > 0)) return { sx: 0, sy: 0, sw: image.width, sh: image.height };
  const scale = Math.max(box.width / image.width, box.height / image.height);
  const sw = box.width / scale;
  const sh = box.height / scale;
  return { sx: (image.width - sw) / 2, sy: (image.height - sh) / 2, sw, sh };
}

/** Canvas font of a text overlay. */
export function fontOf(o: PosterOverlay): string {
  return `${o.bold ? 'bold ' : ''}${o.fontSize ?? DEFAULT_FONT_SIZE}px "PingFang SC", "Microsoft YaHei", sans-serif`;
}

/** x where canvas text with this alignment is anchored inside the box. */
export function textAnchorX(rect: Rect, align: PosterOverlay['align'] = 'left'): number {
  if (align === 'center') return rect.x + rect.width / 2;
  if (align === 'right') return rect.x + rect.width;
  return rect.x;
}

/**
 * Breaks text into lines no wider than `maxWidth` (`measure` gives a string's width): at `\n`, and
 * between characters when a line overflows (Chinese has no spaces; a Latin word breaks only if it must).
 */
export function wrapLines(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const token of para.match(/[A-Za-z0-9_.@:/-]+|\s+|./gu) ?? []) {
      const next = line + token;
      if (line === '' || measure(next) <= maxWidth) {
        line = next;
      } else {
        out.push(line.trimEnd());
        line = token.trimStart();
      }
      // A token wider than the whole line: break it character by character.
      let chars = [...line];
      while (chars.length > 1 && measure(line) > maxWidth) {
        let cut = chars.length - 1;
        while (cut > 1 && measure(chars.slice(0, cut).join('')) > maxWidth) cut--;
        out.push(chars.slice(0, cut).join(''));
        chars = chars.slice(cut);
        line = chars.join('');
      }
    }
    out.push(line.trimEnd());
  }
  return out;
}

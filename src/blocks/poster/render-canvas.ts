import {
  coverCrop,
  DEFAULT_COLOR,
  DEFAULT_FONT_SIZE,
  designSize,
  fontOf,
  LINE_HEIGHT,
  overlayRect,
  textAnchorX,
  wrapLines,
} from './layout';
import type { PosterProps } from './props.gen';

/** Loads an image for canvas use (CORS-enabled so the canvas stays exportable); null when it fails. */
function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

/**
 * Draws the poster on an offscreen canvas at design size and returns a PNG data URL ('' on failure).
 * `qrCanvases` holds the rendered QR canvas of each qr overlay, by overlay index.
 */
export async function renderPosterPng(p: PosterProps, qrCanvases: ReadonlyMap<number, HTMLCanvasElement>): Promise<string> {
  try {
    const size = designSize(p);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return '';
    ctx.fillStyle = p.backgroundColor ?? '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);

    const overlays = p.overlays ?? [];
    const images = await Promise.all([
      p.background ? loadImage(p.background) : Promise.resolve(null),
      ...overlays.map((o) => (o.kind === 'image' && o.src ? loadImage(o.src) : Promise.resolve(null))),
    ]);
    const bg = images[0];
    if (bg) {
      const c = coverCrop({ width: bg.naturalWidth || bg.width, height: bg.naturalHeight || bg.height }, size);
      ctx.drawImage(bg, c.sx, c.sy, c.sw, c.sh, 0, 0, size.width, size.height);
    }

    overlays.forEach((o, i) => {
      const r = overlayRect(o, size);
      if (o.kind === 'image') {
        const img = images[i + 1];
        if (img) ctx.drawImage(img, r.x, r.y, r.width, r.height ?? r.width);
      } else if (o.kind === 'qr') {
        const qr = qrCanvases.get(i);
        if (qr) {
          ctx.fillStyle = '#ffffff';
          ctx.fillRect(r.x, r.y, r.width, r.height ?? r.width);
          ctx.drawImage(qr, r.x, r.y, r.width, r.height ?? r.width);
        }
      } else if (o.text) {
        const fontSize = o.fontSize ?? DEFAULT_FONT_SIZE;
        ctx.font = fontOf(o);
        ctx.fillStyle = o.color ?? DEFAULT_COLOR;
        ctx.textAlign = o.align ?? 'left';
        ctx.textBaseline = 'middle';
        const lineHeight = fontSize * LINE_HEIGHT;
        const x = textAnchorX(r, o.align);
        wrapLines(o.text, r.width, (s) => ctx.measureText(s).width).forEach((line, n) => {
          ctx.fillText(line, x, r.y + lineHeight * (n + 0.5));
        });
      }
    });
    return canvas.toDataURL('image/png');
  } catch (e) {
    console.warn('poster render failed', e);
    return '';
  }
}

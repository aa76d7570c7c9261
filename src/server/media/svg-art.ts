/** Generated artwork for seeded content: banners and the generic picture of anything without its own cover, as SVG. */
import { escapeHtml } from '../http/escape-html';

const PALETTE = ['#2f7cf6', '#16a085', '#e67e22', '#8e44ad', '#e74c3c', '#0fb9b1', '#3867d6', '#f7b731'];

export function colorFor(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[h % PALETTE.length] ?? '#2f7cf6';
}

const FONT = 'font-family="PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif"';

/** Display width of a text in ems (CJK 1, the rest about half). */
const emsOf = (text: string) => [...text].reduce((n, ch) => n + (/[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.55), 0);

/**
 * A 750×300 banner: its subject as a label, the title, the subtitle and a 查看详情 chip on a gradient of its colour,
 * with a soft pattern on the right. The title shrinks to fit one line.
 */
export function bannerSvg(title: string, subtitle: string, color: string, subject = ''): string {
  const c = /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : colorFor(title);
  const titleSize = Math.min(54, Math.floor(560 / Math.max(1, emsOf(title))));
  const subSize = Math.min(28, Math.floor(600 / Math.max(1, emsOf(subtitle))));
  const chip = subject
    ? `<rect x="48" y="40" width="${Math.round(emsOf(subject) * 22 + 28)}" height="36" rx="18" fill="#fff" fill-opacity="0.22"/>` +
      `<text x="62" y="65" font-size="22" fill="#fff" ${FONT}>${escapeHtml(subject)}</text>`
    : `<text x="48" y="66" font-size="22" letter-spacing="3" fill="#fff" fill-opacity="0.8" ${FONT}>备考 App</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300" role="img" aria-label="${escapeHtml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}" stop-opacity="0.72"/></linearGradient></defs>
<rect width="750" height="300" fill="#fff"/><rect width="750" height="300" fill="url(#g)"/>
<circle cx="660" cy="60" r="130" fill="#fff" fill-opacity="0.1"/><circle cx="720" cy="270" r="90" fill="#fff" fill-opacity="0.08"/>
<g fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="4" stroke-linecap="round"><path d="M590 150h90M590 180h60M590 210h75"/><rect x="570" y="118" width="130" height="124" rx="16"/></g>
${chip}
<text x="48" y="${120 + titleSize}" font-size="${titleSize}" font-weight="700" fill="#fff" ${FONT}>${escapeHtml(title)}</text>
<text x="48" y="${150 + titleSize + subSize}" font-size="${subSize}" fill="#fff" fill-opacity="0.92" ${FONT}>${escapeHtml(subtitle)}</text>
</svg>`;
}

/** The generic picture of an item without its own cover: a gradient with a soft document drawing, no text. */
export function coverSvg(label: string): string {
  const c = colorFor(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}" stop-opacity="0.75"/></linearGradient></defs>
<rect width="240" height="160" fill="#fff"/><rect width="240" height="160" fill="url(#g)"/>
<circle cx="210" cy="20" r="70" fill="#fff" fill-opacity="0.1"/>
<g transform="translate(96 56)" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.9"><path d="M4 2h26l14 14v34H4z"/><path d="M30 2v14h14M12 28h24M12 38h16"/></g>
</svg>`;
}

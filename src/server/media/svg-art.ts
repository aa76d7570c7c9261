/** Generated artwork for seeded content: banners, news covers and subject icons, as SVG. */
import { escapeHtml } from '../http/escape-html';

const PALETTE = ['#2f7cf6', '#16a085', '#e67e22', '#8e44ad', '#e74c3c', '#0fb9b1', '#3867d6', '#f7b731'];

export function colorFor(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[h % PALETTE.length] ?? '#2f7cf6';
}

export function bannerSvg(title: string, subtitle: string, color: string): string {
  const c = /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : colorFor(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}" stop-opacity="0.7"/></linearGradient></defs>
<rect width="750" height="300" rx="24" fill="url(#g)"/>
<circle cx="640" cy="70" r="120" fill="#fff" fill-opacity="0.12"/><circle cx="700" cy="260" r="80" fill="#fff" fill-opacity="0.1"/>
<text x="48" y="140" font-size="56" font-weight="bold" fill="#fff" font-family="sans-serif">${escapeHtml(title)}</text>
<text x="48" y="210" font-size="30" fill="#fff" fill-opacity="0.9" font-family="sans-serif">${escapeHtml(subtitle)}</text>
</svg>`;
}

export function coverSvg(label: string): string {
  const c = colorFor(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">
<rect width="240" height="160" rx="12" fill="${c}"/><rect x="24" y="40" width="120" height="14" rx="7" fill="#fff" fill-opacity="0.8"/>
<rect x="24" y="70" width="180" height="10" rx="5" fill="#fff" fill-opacity="0.5"/><rect x="24" y="92" width="150" height="10" rx="5" fill="#fff" fill-opacity="0.5"/>
<circle cx="200" cy="40" r="18" fill="#fff" fill-opacity="0.3"/></svg>`;
}

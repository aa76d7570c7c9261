/**
 * Draws the web app manifest's PNG icons from public/icons/icon.svg with the Chromium the browser tests use
 * (playwright-core + /usr/bin/chromium; nothing to install): icon-192.png and icon-512.png (purpose any: the rounded
 * square), icon-maskable-512.png (purpose maskable: full bleed, the book inside the 80 % safe zone) and
 * apple-touch-icon.png (180 px, full bleed: iOS rounds the corners itself). Run `npx tsx scripts/make-icons.ts` after
 * changing the SVG; the PNGs are committed (a few KB each), so builds need no browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve('public/icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'), 'utf8');
/** Full bleed: the background fills the square and the artwork shrinks into the maskable safe zone (80 %). */
const fullBleed = svg
  .replace(
    '<rect width="512" height="512" rx="112" fill="url(#bg)"/>',
    '<rect width="512" height="512" fill="url(#bg)"/><g transform="translate(51.2 51.2) scale(0.8)">',
  )
  .replace('</svg>', '</g></svg>');

const outputs = [
  { file: 'icon-192.png', size: 192, art: svg },
  { file: 'icon-512.png', size: 512, art: svg },
  { file: 'icon-maskable-512.png', size: 512, art: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, art: fullBleed },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const o of outputs) {
    await page.setViewportSize({ width: o.size, height: o.size });
    const body = o.art.replace('<svg ', `<svg width="${o.size}" height="${o.size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${body}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: o.size, height: o.size } });
    fs.writeFileSync(path.join(dir, o.file), png);
    console.log(`${o.file}: ${o.size}×${o.size}, ${(png.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 24: the theme's text colours meet WCAG AA (4.5:1 for normal text) on the surfaces they are used on, in the
// light palette and in the dark one. The palettes are the custom properties of src/styles.css.
const css = fs.readFileSync(path.resolve('src/styles.css'), 'utf8');

/** The custom properties declared directly in the first rule whose selector is `selector`. */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector} in src/styles.css`);
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)) out[m[1] as string] = (m[2] as string).trim();
  return out;
}

/** sRGB relative luminance of #rgb / #rrggbb. */
function luminance(hex: string): number {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) throw new Error(`not an opaque hex colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** [text token, background tokens it is read on]. */
const PAIRS: Array<[string, string[]]> = [
  ['--text', ['--bg', '--card', '--surface-2', '--notice-bg', '--brand-soft']],
  ['--text-2', ['--bg', '--card', '--surface-2', '--notice-bg']],
  ['--muted', ['--bg', '--card', '--surface-2', '--notice-bg', '--brand-soft']],
  ['--brand', ['--bg', '--card', '--surface-2', '--brand-soft']],
  ['--on-brand', ['--brand-fill', '--danger-fill', '--warning-fill', '--success-fill']],
  ['--danger', ['--bg', '--card', '--danger-soft']],
  ['--warning', ['--bg', '--card', '--notice-bg']],
  ['--on-notice', ['--notice-bg']],
  ['--success', ['--bg', '--card', '--success-soft']],
];

const light = tokens(':root');
const dark = tokens(':root[data-theme="dark"]');

describe('theme contrast (WCAG AA, 4.5:1)', () => {
  for (const [name, palette] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`every text token of the ${name} palette is readable on its surfaces`, () => {
      const low: string[] = [];
      for (const [fg, bgs] of PAIRS) {
        for (const bg of bgs) {
          const a = palette[fg];
          const b = palette[bg];
          if (!a || !b) throw new Error(`${name}: ${fg} or ${bg} is missing`);
          const ratio = contrast(a, b);
          if (ratio < 4.5) low.push(`${fg} ${a} on ${bg} ${b}: ${ratio.toFixed(2)}`);
        }
      }
      expect(low).toEqual([]);
    });
  }

  it('the light palette keeps its key text colours (what the pages were measured with)', () => {
    expect(contrast(light['--text'] as string, light['--bg'] as string)).toBeGreaterThan(14);
    expect(contrast(light['--muted'] as string, light['--card'] as string)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light['--brand'] as string, light['--card'] as string)).toBeGreaterThanOrEqual(4.5);
  });

  it('the system’s dark palette (prefers-color-scheme) is the native host’s dark palette', () => {
    const media = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
    const start = media.indexOf(':root:not([data-theme="light"]) {');
    expect(start).toBeGreaterThan(0);
    const body = media.slice(start, media.indexOf('}', start));
    const fromMedia: Record<string, string> = {};
    for (const m of body.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)) fromMedia[m[1] as string] = (m[2] as string).trim();
    expect(fromMedia).toEqual(dark);
    // Both palettes name the same tokens.
    expect(Object.keys(dark).sort()).toEqual(Object.keys(light).sort());
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { i18n } from '../../i18n';
import { coverCrop, designSize, fitScale, overlayRect, textAnchorX, wrapLines } from './layout';
import PosterBlock, { PosterPicture } from './PosterBlock';
import { pngJobs } from './png-jobs';
import type { PosterProps } from './props.gen';
import { renderPosterPng } from './render-canvas';
import { drawableProps, isSameOrigin, posterKey } from './same-origin';

const design = { width: 750, height: 1334 };

describe('layout', () => {
  it('defaults to a 750×1334 design', () => {
    expect(designSize({})).toEqual(design);
    expect(designSize({ width: 600, height: 900 })).toEqual({ width: 600, height: 900 });
  });
  it('scales the design to the available width', () => {
    expect(fitScale(design, 375)).toBe(0.5);
    expect(fitScale(design, 726)).toBeCloseTo(0.968);
    expect(fitScale(design, 0)).toBe(1);
    expect(fitScale(design, Number.NaN)).toBe(1);
  });
  it('gives text boxes the width to the right edge and no height', () => {
    expect(overlayRect({ kind: 'text', x: 50, y: 100 }, design)).toEqual({ x: 50, y: 100, width: 700 });
    expect(overlayRect({ kind: 'text', x: 0, y: 10, width: 750, height: 60 }, design)).toEqual({ x: 0, y: 10, width: 750, height: 60 });
  });
  it('gives images and QR codes a square box by default', () => {
    expect(overlayRect({ kind: 'qr', x: 275, y: 900 }, design)).toEqual({ x: 275, y: 900, width: 200, height: 200 });
    expect(overlayRect({ kind: 'qr', x: 0, y: 0, width: 240 }, design)).toEqual({ x: 0, y: 0, width: 240, height: 240 });
    expect(overlayRect({ kind: 'image', x: 0, y: 0, height: 90 }, design)).toEqual({ x: 0, y: 0, width: 90, height: 90 });
  });
  it('crops a wide image to cover a tall poster, centred', () => {
    expect(coverCrop({ width: 240, height: 160 }, { width: 750, height: 1334 })).toEqual({
      sx: expect.closeTo(75.03, 1),
      sy: 0,
      sw: expect.closeTo(89.96, 1),
      sh: 160,
    });
    expect(coverCrop({ width: 100, height: 100 }, { width: 100, height: 100 })).toEqual({ sx: 0, sy: 0, sw: 100, sh: 100 });
  });
  it('anchors text by alignment', () => {
    const r = { x: 100, y: 0, width: 400 };
    expect(textAnchorX(r)).toBe(100);
    expect(textAnchorX(r, 'center')).toBe(300);
    expect(textAnchorX(r, 'right')).toBe(500);
  });
});

describe('wrapLines', () => {
  const measure = (s: string) => [...s].length * 10; // every character 10 wide
  it('breaks Chinese text between characters', () => {
    expect(wrapLines('一二三四五六七', 30, measure)).toEqual(['一二三', '四五六', '七']);
  });
  it('keeps explicit line breaks', () => {
    expect(wrapLines('邀请好友\n一起备考', 100, measure)).toEqual(['邀请好友', '一起备考']);
  });
  it('keeps Latin words whole when they fit, breaks them when they cannot', () => {
    expect(wrapLines('扫码 beikao now', 80, measure)).toEqual(['扫码', 'beikao', 'now']);
    expect(wrapLines('abcdefghij', 40, measure)).toEqual(['abcd', 'efgh', 'ij']);
  });
  it('an empty text is one empty line', () => {
    expect(wrapLines('', 100, measure)).toEqual(['']);
  });
});

const poster: PosterProps = {
  id: 'vip',
  background: '/media/poster/vip.svg',
  overlays: [
    { kind: 'text', x: 0, y: 200, width: 750, text: '邀你一起开通VIP', fontSize: 48, align: 'center', bold: true, color: '#ffffff' },
    { kind: 'qr', x: 275, y: 900, width: 200, value: 'https://beikao.example/activity/vip/42' },
    { kind: 'image', x: 40, y: 40, width: 80, src: '/media/logo/app.svg' },
  ],
};

describe('PosterBlock', () => {
  it('draws the background and the overlays at their design positions', () => {
    const html = renderToStaticMarkup(<PosterBlock {...fakeBlockProps('poster', poster).blockProps} />);
    expect(html).toContain('data-testid="poster-vip"');
    expect(html).toContain('width:750px;height:1334px;transform:scale(');
    expect(html).toContain('<img class="poster-bg" src="/media/poster/vip.svg" alt="" crossorigin="anonymous"/>');
    expect(html).toMatch(
      /class="poster-text" style="left:0;top:200px;width:750px;font-size:48px;line-height:1.4;color:#ffffff;text-align:center;font-weight:bold">邀你一起开通VIP</,
    );
    expect(html).toContain('<div class="poster-qr" style="left:275px;top:900px;width:200px;height:200px"><canvas');
    expect(html).toContain('class="poster-image" src="/media/logo/app.svg"');
  });
});

describe('renderPosterPng', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws background, text, QR and images on a canvas and returns a PNG data URL', async () => {
    const calls: string[] = [];
    const ctx = {
      fillStyle: '',
      font: '',
      textAlign: '',
      textBaseline: '',
      fillRect: () => calls.push('fillRect'),
      drawImage: (img: { src?: string; id?: string }, ...args: number[]) => calls.push(`drawImage ${img.src ?? img.id} ${args.join(',')}`),
      measureText: (s: string) => ({ width: [...s].length * 48 }),
      fillText: (s: string, x: number, y: number) => calls.push(`fillText ${s} ${x},${y}`),
    };
    const canvas = { width: 0, height: 0, getContext: () => ctx, toDataURL: (t: string) => `data:${t};base64,AAAA` };
    vi.stubGlobal('document', { createElement: () => canvas });
    vi.stubGlobal(
      'Image',
      class {
        crossOrigin = '';
        decoding = '';
        naturalWidth = 240;
        naturalHeight = 160;
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        #src = '';
        get src() {
          return this.#src;
        }
        set src(v: string) {
          this.#src = v;
          calls.push(`load ${v} ${this.crossOrigin}`);
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    const qr = { id: 'qr-canvas' } as unknown as HTMLCanvasElement;
    const png = await renderPosterPng(poster, new Map([[1, qr]]));
    expect(png).toBe('data:image/png;base64,AAAA');
    expect(canvas.width).toBe(750);
    expect(canvas.height).toBe(1334);
    expect(calls).toContain('load /media/poster/vip.svg anonymous');
    expect(calls).toContain('load /media/logo/app.svg anonymous');
    expect(calls.filter((c) => c.startsWith('drawImage /media/poster/vip.svg'))).toHaveLength(1);
    expect(calls).toContain('drawImage qr-canvas 275,900,200,200');
    expect(calls).toContain('drawImage /media/logo/app.svg 40,40,80,80');
    // 8 characters × 48 = 384 ≤ 750: one line, centred, middle of the first line box.
    expect(calls).toContain(`fillText 邀你一起开通VIP 375,${200 + 48 * 1.4 * 0.5}`);
  });

  it('returns an empty string when the canvas cannot be exported', async () => {
    const ctx = { fillRect() {}, drawImage() {}, measureText: () => ({ width: 1 }), fillText() {} };
    vi.stubGlobal('document', {
      createElement: () => ({
        getContext: () => ctx,
        toDataURL: () => {
          throw new Error('tainted');
        },
      }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await renderPosterPng({ id: 'x', overlays: [{ kind: 'text', x: 0, y: 0, text: '你好' }] }, new Map())).toBe('');
  });
});

describe('same-origin pictures', () => {
  const origin = 'https://beikao.example';
  it('takes paths, this origin and data URLs; refuses other origins', () => {
    expect(isSameOrigin('/activity/vip-invite-poster.svg', origin)).toBe(true);
    expect(isSameOrigin('poster.svg', origin)).toBe(true);
    expect(isSameOrigin('https://beikao.example/activity/a.svg', origin)).toBe(true);
    expect(isSameOrigin('data:image/png;base64,AAAA', origin)).toBe(true);
    expect(isSameOrigin('https://cdn.example.com/a.png', origin)).toBe(false);
    expect(isSameOrigin('//cdn.example.com/a.png', origin)).toBe(false);
    expect(isSameOrigin('http://beikao.example/a.png', origin)).toBe(false);
    expect(isSameOrigin('https://cdn.example.com/a.png', undefined)).toBe(false);
    expect(isSameOrigin('', origin)).toBe(false);
  });
  it('leaves foreign pictures out of the drawing, keeps text and QR codes', () => {
    const p = drawableProps(
      {
        id: 'p',
        background: 'https://cdn.example.com/bg.jpg',
        overlays: [
          { kind: 'image', x: 0, y: 0, src: 'https://cdn.example.com/logo.png' },
          { kind: 'image', x: 0, y: 0, src: '/media/logo/app.svg' },
          { kind: 'qr', x: 0, y: 0, value: 'https://elsewhere.example/x' },
          { kind: 'text', x: 0, y: 0, text: '你好' },
        ],
      },
      origin,
    );
    expect(p.background).toBeUndefined();
    expect(p.overlays.map((o) => o.src ?? o.value ?? o.text)).toEqual([
      undefined,
      '/media/logo/app.svg',
      'https://elsewhere.example/x',
      '你好',
    ]);
    expect(drawableProps(poster, origin)).toEqual(poster);
  });
  it('the block does not draw a foreign background (the canvas stays exportable)', () => {
    const html = renderToStaticMarkup(
      <PosterBlock {...fakeBlockProps('poster', { ...poster, background: 'https://cdn.example.com/bg.jpg' }).blockProps} />,
    );
    expect(html).not.toContain('cdn.example.com');
    expect(html).toContain('邀你一起开通VIP');
  });
  it('a new key when anything drawn changes (the QR value arriving)', () => {
    const before = { id: 'p', overlays: [{ kind: 'qr' as const, x: 0, y: 0, value: '' }] };
    const after = { id: 'p', overlays: [{ kind: 'qr' as const, x: 0, y: 0, value: 'https://beikao.example/activity/vip/7' }] };
    expect(posterKey(before)).not.toBe(posterKey(after));
    expect(posterKey(after)).toBe(posterKey({ ...after, filename: 'x.png' }));
  });
});

describe('the poster as a picture', () => {
  it('shows the PNG as an <img> with the catalog alt text (long press: 保存图片)', () => {
    const html = renderToStaticMarkup(<PosterPicture png="data:image/png;base64,AAAA" />);
    expect(html).toBe(
      `<img class="poster-png" src="data:image/png;base64,AAAA" alt="${i18n.activityBlocks.posterAlt}" draggable="false"/>`,
    );
  });
  it('before the PNG is ready, only the DOM drawing is there', () => {
    const html = renderToStaticMarkup(<PosterBlock {...fakeBlockProps('poster', poster).blockProps} />);
    expect(html).not.toContain('poster-png');
    expect(html).toContain(`role="img" aria-label="${i18n.activityBlocks.posterAlt}"`);
  });
});

describe('pngJobs', () => {
  it('applies the newest render only, after the fonts', async () => {
    let fonts!: () => void;
    const ready = new Promise<void>((r) => {
      fonts = r;
    });
    const jobs = pngJobs(() => ready);
    const applied: string[] = [];
    let slow!: (s: string) => void;
    const first = jobs.run(
      () =>
        new Promise<string>((r) => {
          slow = r;
        }),
      (s) => applied.push(s),
    );
    const second = jobs.run(
      async () => 'data:image/png;base64,NEW',
      (s) => applied.push(s),
    );
    expect(applied).toEqual([]);
    fonts();
    expect(await second).toBe('data:image/png;base64,NEW');
    expect(await first).toBe(''); // superseded before it even started drawing
    expect(slow).toBeUndefined();
    expect(applied).toEqual(['data:image/png;base64,NEW']);
  });
  it('drops a render that finishes after stop (unmounted, or the props changed)', async () => {
    const jobs = pngJobs(async () => {});
    const applied: string[] = [];
    let finish!: (s: string) => void;
    const run = jobs.run(
      () =>
        new Promise<string>((r) => {
          finish = r;
        }),
      (s) => applied.push(s),
    );
    await vi.waitFor(() => expect(finish).toBeTypeOf('function'));
    jobs.stop();
    finish('data:image/png;base64,OLD');
    expect(await run).toBe('data:image/png;base64,OLD');
    expect(applied).toEqual([]);
  });
  it('a fonts promise that fails still renders', async () => {
    const jobs = pngJobs(() => Promise.reject(new Error('no fonts')));
    const applied: string[] = [];
    await jobs.run(
      async () => 'data:image/png;base64,A',
      (s) => applied.push(s),
    );
    expect(applied).toEqual(['data:image/png;base64,A']);
  });
});

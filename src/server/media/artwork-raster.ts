/**
 * The generated pictures (banners, covers, posters) as WebP instead of SVG when the browser takes WebP.
 *
 * Why: a browser lays out, shapes the text of and paints an SVG picture on its main thread, every time it paints it
 * (measured on the study home at Lighthouse's 4× CPU slowdown: 40–90 ms of `PaintImage` in one frame, 190 ms of
 * paint), while a raster picture is decoded off the main thread. So the server draws each SVG once with sharp
 * (libvips and librsvg, prebuilt binaries from npm) and keeps the result: in memory (the most recent ones) and on
 * disk under `<DATA_DIR>/artwork-cache/`, named by a hash of the SVG, so a changed title is a new file and a restart
 * draws nothing again. Measured on `npm run bench:lighthouse`, study home, five runs each: median score 0.88 → 0.96,
 * TBT 492 → 238 ms; the page's pictures weigh about 120 KB more (WebP q70: a banner 10 KB, a cover 10 KB, against 1–2 KB
 * of SVG).
 *
 * The SVG stays the answer when the request does not accept `image/webp` (replies `Vary: Accept`), when sharp cannot
 * load on this platform, and when the machine has no CJK font (the text would be drawn as boxes; the browser has
 * its own fonts): the server says so once in its log. Debian: `apt-get install fonts-noto-cjk`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
/** The most recent pictures kept in memory (a banner is about 12 KB, a cover 5–15 KB). */
const MEMORY_ENTRIES = 256;
/** Width a small picture is drawn at, at most: 1.5× a 320 px cover (sharp enough for a list and a detail page, about 10 KB). */
const MAX_SMALL_WIDTH = 480;
/** Folders fontconfig reads on Linux; a CJK font in one of them is what librsvg draws Chinese with. */
const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts', path.join(process.env.HOME ?? '/root', '.fonts')];
const CJK_FONT = /noto.*(cjk|sc)|source.?han|wqy|wenquanyi|droidsansfallback|pingfang|msyh|simhei|simsun|ukai|uming/i;

type Sharp = typeof import('sharp');

/** Whether one of the font folders (three levels deep) holds a font file named like a CJK font. */
export function hasCjkFont(dirs: readonly string[] = FONT_DIRS): boolean {
  const visit = (dir: string, depth: number): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    return entries.some((e) =>
      e.isDirectory() ? depth > 0 && visit(path.join(dir, e.name), depth - 1) : CJK_FONT.test(e.name) && /\.(ttc|otf|ttf)$/i.test(e.name),
    );
  };
  return dirs.some((d) => visit(d, 3));
}

/** The scale an SVG `width` px wide is drawn at: up to 1.5× its size and `MAX_SMALL_WIDTH` px, never smaller than itself. */
export function rasterScale(width: number): number {
  if (!(width > 0)) return 1;
  return Math.max(1, Math.min(1.5, MAX_SMALL_WIDTH / width));
}

export interface ArtworkSender {
  /** Replies `svg`, as WebP when the request accepts it and the server can draw it, else as it is. */
  send(req: FastifyRequest, reply: FastifyReply, svg: string, maxAge: number): Promise<FastifyReply>;
  /** Whether pictures are drawn (sharp loaded and a CJK font found); loads sharp on the first call. */
  raster(): Promise<boolean>;
}

export interface ArtworkOptions {
  /** Where drawn pictures are kept on disk. */
  cacheDir: string;
  log: { info(msg: string): void; warn(obj: unknown, msg: string): void };
  /** Overrides the font check (tests). */
  cjkFont?: boolean;
}

/** Loads sharp, or null (said in the log) when it cannot load or the machine has no CJK font. */
async function loadSharp(opts: ArtworkOptions): Promise<Sharp | null> {
  if (!(opts.cjkFont ?? hasCjkFont())) {
    opts.log.info('no CJK font on this machine (Debian: fonts-noto-cjk): generated pictures are served as SVG');
    return null;
  }
  try {
    const sharp = (await import('sharp')).default;
    sharp.cache(false);
    return sharp;
  } catch (err) {
    opts.log.warn({ err }, 'sharp did not load: generated pictures are served as SVG');
    return null;
  }
}

/** The sender of the generated pictures: loads sharp on the first picture asked for. */
export function createArtworkSender(opts: ArtworkOptions): ArtworkSender {
  let loading: Promise<Sharp | null> | undefined;
  const sharpOnce = () => {
    loading ??= loadSharp(opts);
    return loading;
  };
  const memory = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();

  const remember = (key: string, webp: Buffer) => {
    memory.delete(key);
    memory.set(key, webp);
    if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
  };

  async function draw(s: Sharp, key: string, svg: string): Promise<Buffer> {
    const file = path.join(opts.cacheDir, `${key}.webp`);
    const kept = await fs.promises.readFile(file).catch(() => null);
    if (kept) return kept;
    const width = Number(/<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 0);
    const webp = await s(Buffer.from(svg), { density: 72 * rasterScale(width) })
      .webp({ quality: 70 })
      .toBuffer();
    await fs.promises.mkdir(opts.cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    await fs.promises.writeFile(tmp, webp);
    await fs.promises.rename(tmp, file);
    return webp;
  }

  async function webpOf(s: Sharp, svg: string): Promise<{ key: string; webp: Buffer }> {
    const key = crypto.createHash('sha256').update(svg).digest('base64url').slice(0, 32);
    const hit = memory.get(key);
    if (hit) return { key, webp: hit };
    let pending = drawing.get(key);
    if (!pending) {
      pending = draw(s, key, svg).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    const webp = await pending;
    remember(key, webp);
    return { key, webp };
  }

  return {
    raster: async () => (await sharpOnce()) !== null,
    async send(req, reply, svg, maxAge) {
      reply.header('cache-control', `public, max-age=${maxAge}`).header('vary', 'Accept');
      const sharp = await sharpOnce();
      if (!sharp || !/\bimage\/webp\b/.test(req.headers.accept ?? '')) return reply.type(SVG_TYPE).send(svg);
      try {
        const { key, webp } = await webpOf(sharp, svg);
        const etag = `"${key}"`;
        reply.header('etag', etag);
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('image/webp').send(webp);
      } catch (err) {
        req.log.warn({ err }, 'drawing a generated picture failed: served as SVG');
        return reply.type(SVG_TYPE).send(svg);
      }
    },
  };
}

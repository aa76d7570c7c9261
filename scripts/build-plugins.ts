/**
 * Vite build plugins that make the first load small and fast:
 * - `inlineEntryCss`: the entry stylesheet (the app shell's CSS, a few KB) goes inline into index.html, so the
 *   first paint waits for no stylesheet request; lazy chunks keep their own CSS files.
 * - `preloadBoot`: the entry chunk only waits for the first screen to be painted and then imports the app
 *   (src/boot.tsx); React DOM's evaluation step, the app chunk and the chunks it imports are listed as modulepreloads in index.html's
 *   `<template id="after-paint">`, which the entry puts into the document once the first screen is painted
 *   (src/app/first-paint.ts), so no script download competes with the first screen's bytes.
 * - `precompress`: after the bundle is written, every text asset gets a brotli (`.br`, quality 11) and a gzip
 *   (`.gz`, level 9) sibling, which the server sends as they are (`@fastify/static` `preCompressed`). A copy that
 *   is not smaller than the file is not written. Source maps are left alone (only developer tools fetch them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type OutputOptions = Rolldown.NormalizedOutputOptions;
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

import { addAfterPaint } from '../src/protocol/after-paint';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

export function inlineEntryCss(): Plugin {
  return {
    name: 'beikao:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      let source = String(html.source);
      source = source.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const css = bundle[file];
        if (css?.type !== 'asset') return tag;
        return `<style id="shell-css">${String(css.source).replace(/<\/style/gi, '<\\/style')}</style>`;
      });
      html.source = source;
    },
  };
}

/** `__vite__mapDeps([0,1,2])`: the files Vite's preload helper puts into the document before a dynamic import. */
const MAP_DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;
/** The list those numbers index, written once at the top of a chunk. */
const MAP_DEPS_FILES = /const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>/;

/**
 * `code` without the files in `loaded` among the files its dynamic imports ask Vite's preload helper for. Each call's
 * list keeps its length (padded with spaces), so no position in the chunk moves and its source map stays right.
 */
export function withoutLoadedDeps(code: string, loaded: ReadonlySet<string>): string {
  const list = MAP_DEPS_FILES.exec(code)?.[1];
  if (!list) return code;
  const files = JSON.parse(list) as string[];
  const dropped = new Set(files.flatMap((f, i) => (loaded.has(f) ? [i] : [])));
  if (dropped.size === 0) return code;
  return code.replace(MAP_DEPS_CALL, (call, indices: string) => {
    const kept = indices
      .split(',')
      .filter((i) => i !== '' && !dropped.has(Number(i)))
      .join(',');
    const next = `__vite__mapDeps([${kept}])`;
    return next + ' '.repeat(call.length - next.length);
  });
}

/** The bundle's JavaScript chunks with the paths they were written to (for plugins that change the written files). */
function writtenChunks(options: OutputOptions, bundle: OutputBundle): Array<{ chunk: OutputChunk; file: string }> {
  const dir = options.dir ?? path.dirname(options.file ?? '');
  return Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' ? [{ chunk, file: path.join(dir, chunk.fileName) }] : []));
}

/**
 * `entryLoaded`: a lazy chunk that imports something of the entry chunk (Vite's preload helper lives there) lists the
 * entry and the entry's stylesheet among its dependencies, and Vite's helper put both into the document at the first
 * dynamic import: a `modulepreload` of the script that is already running and a `<link rel="stylesheet">` for the CSS
 * `inlineEntryCss` inlined. The second was a request and the whole stylesheet applied a second time (a style
 * recalculation of the whole page) while the app started. Both are always loaded when a chunk runs: left out.
 */
export function entryLoaded(): Plugin {
  return {
    name: 'beikao:entry-loaded',
    apply: 'build',
    enforce: 'post',
    // Vite's import analysis writes the lists in its own generateBundle, after this plugin's: the written files.
    writeBundle(options, bundle) {
      const loaded = new Set<string>();
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk' || !c.isEntry) continue;
        loaded.add(c.fileName);
        for (const css of c.viteMetadata?.importedCss ?? []) loaded.add(css);
      }
      for (const { file } of writtenChunks(options, bundle)) {
        const code = fs.readFileSync(file, 'utf8');
        const next = withoutLoadedDeps(code, loaded);
        if (next !== code) fs.writeFileSync(file, next);
      }
    },
  };
}

/** Modules the app imports at start on every page, outside the first load: preloaded with the app, run when first needed. */
export const LOADED_AT_START = ['src/api/axios-client.ts'];

export function preloadBoot(): Plugin {
  return {
    name: 'beikao:preload-boot',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const boot = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/boot.tsx'));
      if (html?.type !== 'asset' || boot?.type !== 'chunk') return;
      // React DOM's evaluation step (src/app/react-dom-ready.ts) runs before the app: preloaded with it.
      const ready = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app/react-dom-ready.ts'));
      const notEntry = (f: string) => !(bundle[f]?.type === 'chunk' && (bundle[f] as { isEntry: boolean }).isEntry);
      // What the app loads at start on every page (the HTTP client): fetched and compiled with the app, run only when
      // the app first needs it (src/boot.tsx), so its evaluation is not part of the app's start.
      const atStart = Object.values(bundle).filter(
        (c): c is typeof boot => c.type === 'chunk' && LOADED_AT_START.some((m) => c.facadeModuleId?.endsWith(`/${m}`)),
      );
      const files = [
        ...new Set([
          ...(ready?.type === 'chunk' ? [ready.fileName] : []),
          boot.fileName,
          ...boot.imports.filter(notEntry),
          ...atStart.flatMap((c) => [c.fileName, ...c.imports.filter(notEntry)]),
        ]),
      ];
      // Inert until the first screen is painted: nothing of it waits for scripts (the skeleton and its CSS are in the HTML).
      const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
      // Its dynamic import would wait for a stylesheet of its own: the shell's CSS belongs in the entry (main.tsx).
      for (const css of boot.viteMetadata?.importedCss ?? [])
        this.warn(`${css}: the app chunk has CSS of its own (import it from src/main.tsx)`);
      const entry = String(html.source).replace(
        /<script type="module" crossorigin src=/,
        '<script type="module" fetchpriority="low" crossorigin src=',
      );
      html.source = addAfterPaint(entry, links);
    },
  };
}

/**
 * The magic comment that asks V8 (Chrome 136+) to compile every function of a file eagerly, while the file streams in
 * on a background thread, instead of lazily on the main thread when each function is first called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Libraries a feature loads but calls only a small part of (hls.js: a player that plays one kind of stream). Eager
 * compilation would spend time and memory on code that never runs, so their chunks get no hint.
 */
const CALLED_IN_PART = [/[\\/]node_modules[\\/]hls\.js[\\/]/];

/**
 * `compileHints`: every JavaScript chunk starts with COMPILE_HINT, except a chunk made mostly of a library in
 * CALLED_IN_PART. The app's chunks and its blocks run most of their functions as soon as they load (React DOM renders,
 * a block's component renders), and compiling them lazily on the main thread was a third of the first render's time
 * in a trace. The source map moves down one line with the code.
 */
export function compileHints(): Plugin {
  return {
    name: 'beikao:compile-hints',
    apply: 'build',
    enforce: 'post',
    // After every plugin changed the code (Vite's preload helper adds its dependency map to the top of a chunk in
    // generateBundle), before `precompress` (closeBundle) compresses the files.
    writeBundle(options, bundle) {
      for (const { chunk, file } of writtenChunks(options, bundle)) {
        if (!hinted(chunk)) continue;
        fs.writeFileSync(file, `${COMPILE_HINT}\n${fs.readFileSync(file, 'utf8')}`);
        const mapFile = `${file}.map`;
        if (!fs.existsSync(mapFile)) continue;
        const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { mappings: string };
        map.mappings = `;${map.mappings}`;
        fs.writeFileSync(mapFile, JSON.stringify(map));
      }
    },
  };
}

/** Whether a chunk gets the hint: not when most of its code is a library in CALLED_IN_PART. */
function hinted(chunk: { moduleIds: readonly string[]; modules: Record<string, { renderedLength: number }> }): boolean {
  const size = (ids: readonly string[]) => ids.reduce((n, id) => n + (chunk.modules[id]?.renderedLength ?? 0), 0);
  const partial = size(chunk.moduleIds.filter((id) => CALLED_IN_PART.some((re) => re.test(id))));
  return partial * 2 <= size(chunk.moduleIds);
}

/** Writes `<file>.br` and `<file>.gz` next to every compressible file of the output folder. */
export async function precompressFolder(dir: string): Promise<{ files: number; raw: number; br: number }> {
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => COMPRESSIBLE.test(f) && !f.includes(`${path.sep}.vite${path.sep}`) && fs.statSync(f).isFile());
  let raw = 0;
  let br = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = fs.readFileSync(file);
      const [b, g] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      raw += data.length;
      br += Math.min(b.length, data.length);
      if (b.length < data.length) fs.writeFileSync(`${file}.br`, b);
      if (g.length < data.length) fs.writeFileSync(`${file}.gz`, g);
    }),
  );
  return { files: files.length, raw, br };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'beikao:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const r = await precompressFolder(outDir);
      this.info?.(`precompressed ${r.files} files: ${(r.raw / 1024).toFixed(0)} KB → ${(r.br / 1024).toFixed(0)} KB brotli`);
    },
  };
}

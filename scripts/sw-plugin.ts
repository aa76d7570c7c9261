/**
 * Vite build plugin of the service worker (src/sw/sw.ts → dist/sw.js). After the app's bundle is written it knows
 * every hashed file name: `precacheList` picks what a book already opened needs offline — the generic HTML shell,
 * what index.html loads (entry, app chunk and its imports, CSS), the chunks of the offline block types (the reader
 * module and whatever they import, their CSS) and the manifest and icons — and `swVersion` hashes that list with the
 * HTML, so any change of the app makes a new worker. The worker itself is bundled by a small separate Vite build (an
 * IIFE: a classic worker script, no module-worker support needed) and written as
 * `self.__BEIKAO_SW__ = {version, precache}` + its code. Runs in `writeBundle`, so `precompress` (closeBundle) still
 * writes sw.js.br/.gz.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { SHELL_PATH } from '../src/sw/rules';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface PrecacheOptions {
  /** Block types whose chunks are precached (every manifest entry under src/blocks/<type>/ or src/modules/<type>/). */
  blocks: readonly string[];
  /** Root files precached as they are (manifest, icons). */
  files: readonly string[];
}

/** The block types a book already opened needs offline: the reader module (its download action lives there too). */
export const OFFLINE_BLOCKS = ['ebooks-reader'] as const;
/** Files of public/ the worker keeps (the install prompt and the home-screen icon work offline). */
export const OFFLINE_FILES = [
  '/manifest.webmanifest',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/apple-touch-icon.png',
] as const;

/**
 * The precache list (absolute paths): the shell first, then the root files, then the hashed assets sorted. Only
 * static imports are followed (a dynamic import is a chunk loaded when needed, except the app chunk `src/boot.tsx`,
 * which index.html preloads and the entry imports after the first paint).
 */
export function precacheList(manifest: ViteManifest, html: string, opts: PrecacheOptions): string[] {
  const assets = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(m[1] as string);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || seen.has(key)) return;
    seen.add(key);
    assets.add(`/${c.file}`);
    for (const f of [...(c.css ?? []), ...(c.assets ?? [])]) assets.add(`/${f}`);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const [key, c] of Object.entries(manifest)) if (c.isEntry) visit(key);
  visit('src/boot.tsx');
  for (const key of Object.keys(manifest)) {
    const m = /^src\/(?:blocks|modules)\/([^/]+)\//.exec(key);
    if (m?.[1] && opts.blocks.includes(m[1])) visit(key);
  }
  const hashed = [...assets].filter((a) => !a.endsWith('.map')).sort();
  return [SHELL_PATH, ...opts.files, ...hashed];
}

/** The worker's version: a short hash of the precache list (hashed names) and the HTML template. */
export function swVersion(list: readonly string[], html: string): string {
  return crypto.createHash('sha256').update(JSON.stringify(list)).update(html).digest('base64url').slice(0, 12);
}

/** The worker file: the build's version and list, then the bundled worker code. */
export function swSource(code: string, version: string, list: readonly string[]): string {
  return `self.__BEIKAO_SW__=${JSON.stringify({ version, precache: list })};\n${code}`;
}

async function bundleWorker(root: string): Promise<string> {
  const out = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { 'import.meta.env.DEV': 'false' },
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry: path.join(root, 'src/sw/sw.ts'), formats: ['iife'], name: 'beikaoSw', fileName: () => 'sw.js' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Array<{ output?: Array<{ type: string; code?: string }> }>;
  const chunk = outputs.flatMap((o) => o.output ?? []).find((c) => c.type === 'chunk');
  if (!chunk?.code) throw new Error('sw: the worker bundle has no code');
  return chunk.code;
}

export function serviceWorker(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'beikao:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const html = bundle['index.html'];
      const manifestAsset = bundle['.vite/manifest.json'];
      if (html?.type !== 'asset' || manifestAsset?.type !== 'asset') {
        this.warn('sw: no index.html or build manifest in the bundle; dist/sw.js not written');
        return;
      }
      const htmlText = String(html.source);
      const manifest = JSON.parse(String(manifestAsset.source)) as ViteManifest;
      const files = OFFLINE_FILES.filter((f) => fs.existsSync(path.join(outDir, f)));
      const list = precacheList(manifest, htmlText, { blocks: OFFLINE_BLOCKS, files });
      const version = swVersion(list, htmlText);
      fs.writeFileSync(path.join(outDir, 'sw.js'), swSource(await bundleWorker(root), version, list));
      this.info?.(`sw.js: version ${version}, ${list.length} files precached`);
    },
  };
}

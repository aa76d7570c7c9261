/**
 * The service worker's precache list, made at build time from Vite's manifest and the built index.html
 * (scripts/sw-plugin.ts): the shell, the first load, the reader's chunks, manifest and icons — and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { OFFLINE_BLOCKS, OFFLINE_FILES, precacheList, swSource, swVersion, type ViteManifest } from '../../scripts/sw-plugin';
import { SHELL_PATH } from '../../src/sw/rules';

/** A manifest shaped like the real one: entry → app chunk (dynamic) → blocks and modules (dynamic entries). */
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-AAAA1111.js',
    src: 'index.html',
    isEntry: true,
    dynamicImports: ['src/boot.tsx'],
    css: ['assets/index-CSS11111.css'],
  },
  'src/boot.tsx': {
    file: 'assets/boot-BOOT2222.js',
    src: 'src/boot.tsx',
    isDynamicEntry: true,
    imports: ['_react-REACT333.js', '_i18n-I18N4444.js'],
    dynamicImports: [
      'src/modules/ebooks-reader/EbookReader.tsx',
      'src/modules/courses-video-player/VideoPlayer.tsx',
      'src/blocks/list/ListBlock.tsx',
    ],
  },
  '_react-REACT333.js': { file: 'assets/react-REACT333.js' },
  '_i18n-I18N4444.js': { file: 'assets/i18n-I18N4444.js' },
  'src/modules/ebooks-reader/EbookReader.tsx': {
    file: 'assets/EbookReader-READ5555.js',
    src: 'src/modules/ebooks-reader/EbookReader.tsx',
    isDynamicEntry: true,
    imports: ['_offline-OFFL6666.js', '_react-REACT333.js'],
    css: ['assets/EbookReader-RCSS7777.css'],
    assets: ['assets/paper-PAPR8888.png'],
  },
  'src/modules/ebooks-reader/download-action.tsx': {
    file: 'assets/download-action-DOWN9999.js',
    src: 'src/modules/ebooks-reader/download-action.tsx',
    isDynamicEntry: true,
    imports: ['_offline-OFFL6666.js'],
  },
  '_offline-OFFL6666.js': { file: 'assets/offline-OFFL6666.js', imports: ['_idb-IDBX0000.js'] },
  '_idb-IDBX0000.js': { file: 'assets/idb-IDBX0000.js' },
  'src/modules/courses-video-player/VideoPlayer.tsx': {
    file: 'assets/VideoPlayer-VIDE1234.js',
    src: 'src/modules/courses-video-player/VideoPlayer.tsx',
    isDynamicEntry: true,
    dynamicImports: ['node_modules/hls.js/dist/hls.light.mjs'],
  },
  'node_modules/hls.js/dist/hls.light.mjs': { file: 'assets/hls.light-HLSL1234.js', isDynamicEntry: true },
  'src/blocks/list/ListBlock.tsx': { file: 'assets/ListBlock-LIST1234.js', src: 'src/blocks/list/ListBlock.tsx', isDynamicEntry: true },
};
const html = `<!doctype html><html><head>
<script type="module" fetchpriority="low" crossorigin src="/assets/index-AAAA1111.js"></script>
<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/boot-BOOT2222.js">
<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-REACT333.js">
<link rel="manifest" href="/manifest.webmanifest" />
<style id="shell-css">body{}</style></head><body><div id="root"></div></body></html>`;

describe('service worker precache list', () => {
  const list = precacheList(manifest, html, { blocks: OFFLINE_BLOCKS, files: OFFLINE_FILES });

  it('starts with the generic shell, then the manifest and icons', () => {
    expect(list.slice(0, 1 + OFFLINE_FILES.length)).toEqual([SHELL_PATH, ...OFFLINE_FILES]);
  });

  it('holds the first load: the entry, its CSS, the app chunk and everything it imports', () => {
    for (const f of ['index-AAAA1111.js', 'index-CSS11111.css', 'boot-BOOT2222.js', 'react-REACT333.js', 'i18n-I18N4444.js'])
      expect(list).toContain(`/assets/${f}`);
  });

  it('holds every chunk of the reader module with its imports, CSS and assets (the download action too)', () => {
    for (const f of [
      'EbookReader-READ5555.js',
      'EbookReader-RCSS7777.css',
      'paper-PAPR8888.png',
      'download-action-DOWN9999.js',
      'offline-OFFL6666.js',
      'idb-IDBX0000.js',
    ])
      expect(list).toContain(`/assets/${f}`);
  });

  it('leaves out other lazy chunks (other blocks and modules, hls.js): they are cached when first used', () => {
    for (const f of ['VideoPlayer-VIDE1234.js', 'hls.light-HLSL1234.js', 'ListBlock-LIST1234.js'])
      expect(list).not.toContain(`/assets/${f}`);
  });

  it('lists each file once, hashed assets sorted', () => {
    expect(new Set(list).size).toBe(list.length);
    const assets = list.filter((f) => f.startsWith('/assets/'));
    expect(assets).toEqual([...assets].sort());
  });

  it('takes what index.html loads even when the manifest does not say it (a preload added by a plugin)', () => {
    const extra = html.replace('</head>', '<link rel="modulepreload" href="/assets/extra-EXTR1234.js"></head>');
    expect(precacheList(manifest, extra, { blocks: [], files: [] })).toContain('/assets/extra-EXTR1234.js');
  });

  it('the version changes with any file name or the HTML, and is stable otherwise', () => {
    const v = swVersion(list, html);
    expect(swVersion([...list], html)).toBe(v);
    expect(
      swVersion(
        list.map((f) => f.replace('READ5555', 'READ5556')),
        html,
      ),
    ).not.toBe(v);
    expect(swVersion(list, html.replace('body{}', 'body{margin:0}'))).not.toBe(v);
    expect(v).toMatch(/^[\w-]{12}$/);
  });

  it('the worker file starts with its build data, readable as a classic script', () => {
    const src = swSource('(function(){})();', 'abc123', ['/__app-shell', '/assets/a.js']);
    const self: { __BEIKAO_SW__?: unknown } = {};
    new Function('self', src)(self);
    expect(self.__BEIKAO_SW__).toEqual({ version: 'abc123', precache: ['/__app-shell', '/assets/a.js'] });
  });
});

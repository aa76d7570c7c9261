import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RouteEntry } from '../../contract/pages';
import { i18n } from '../../i18n';
import type { PageStore } from '../areas/pages';
import { escapeHtml } from '../http/escape-html';
import { matchRoute } from './route-match';
import { notFoundHtml, skeletonHtml } from './skeleton';

export type Encoding = 'br' | 'gzip';

export interface ShellReply {
  /** 200, or 404 for a path no route serves (its HTML is the not-found screen itself). */
  status: 200 | 404;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The generic app shell the service worker precaches (src/sw/rules.ts SHELL_PATH; a unit test keeps them equal): the
 * route table and a neutral skeleton, HTTP 200, the offline answer for any route. Every other path no route serves is
 * a 404 whose HTML is the not-found screen.
 */
export const APP_SHELL_PATH = '/__app-shell';

/** Inert JSON inside a script tag: `<` escaped, so no text of it can close the tag (and no inline script runs). */
function jsonScript(id: string, value: unknown, attrs = ''): string {
  return `<script id="${id}" type="application/json"${attrs}>${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

/**
 * Chunks (and their CSS) each block type loads, from Vite's build manifest: `src/blocks/<type>/…` and
 * `src/modules/<type>/…` dynamic entries with the shared chunks they import (the entry chunk excluded).
 */
export function blockChunks(clientDir: string): Map<string, { js: string[]; css: string[] }> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  const out = new Map<string, { js: string[]; css: string[] }>();
  if (!fs.existsSync(file)) return out;
  type Chunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
  const collect = (key: string, js: Set<string>, css: Set<string>) => {
    const c = manifest[key];
    if (!c || c.isEntry || js.has(c.file)) return;
    js.add(c.file);
    for (const f of c.css ?? []) css.add(f);
    for (const i of c.imports ?? []) collect(i, js, css);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = /^src\/(?:blocks|modules)\/([^/]+)\//.exec(key);
    if (!m?.[1] || !chunk.isDynamicEntry) continue;
    const js = new Set<string>();
    const css = new Set<string>();
    collect(key, js, css);
    const prev = out.get(m[1]);
    out.set(m[1], { js: [...(prev?.js ?? []), ...js], css: [...(prev?.css ?? []), ...css] });
  }
  return out;
}

/** Every block type used anywhere in a page's block tree (children, list item templates, tab contents…). */
function typesIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) typesIn(v, into);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.type === 'string') into.add(o.type);
    for (const [k, v] of Object.entries(o)) if (k !== 'type' && v && typeof v === 'object') typesIn(v, into);
  }
  return into;
}

/**
 * The HTML of client routes: the built index.html with, for the route a path shows, the slim route table and
 * that page's config inlined as inert JSON (the client reads them instead of fetching), the page's skeleton in
 * `#root` (the first paint, before any script), its title, and preloads of the chunks its blocks load.
 * Built once per route and page-config version, compressed then (brotli 11, gzip 9), and kept.
 */
export class ShellPages {
  private readonly templateHash: string;
  private readonly chunks: Map<string, { js: string[]; css: string[] }>;
  private version = '';
  private readonly built = new Map<string, ShellReply>();

  constructor(
    private readonly template: string,
    clientDir: string,
    private readonly pages: PageStore,
    private readonly opts: { staging?: boolean } = {},
  ) {
    this.templateHash = crypto.createHash('sha1').update(template).digest('base64url').slice(0, 10);
    this.chunks = blockChunks(clientDir);
  }

  static fromDir(clientDir: string, pages: PageStore, opts: { staging?: boolean } = {}): ShellPages {
    return new ShellPages(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'), clientDir, pages, opts);
  }

  forPath(pathname: string): ShellReply {
    const manifest = this.pages.manifest();
    if (manifest.version !== this.version) {
      this.version = manifest.version;
      this.built.clear();
    }
    const route = matchRoute(manifest.routes, pathname);
    const generic = !route && pathname === APP_SHELL_PATH;
    const key = route?.name ?? (generic ? '' : '404');
    let reply = this.built.get(key);
    if (!reply) {
      const html = this.html(manifest, route, { notFound: !route && !generic });
      reply = this.compress(html, `W/"${manifest.version}-${this.templateHash}-${key || 'shell'}"`, !route && !generic ? 404 : 200);
      this.built.set(key, reply);
    }
    return reply;
  }

  html(manifest: ReturnType<PageStore['manifest']>, route: RouteEntry | undefined, opts: { notFound?: boolean } = {}): string {
    const config = route ? this.pages.get(route.name) : undefined;
    const head: string[] = [];
    const body = [jsonScript('page-manifest', manifest)];
    // A staging server (production on sandboxes) says so on every page, before any script runs and outside React.
    if (this.opts.staging) {
      body.push(
        `<div class="staging-ribbon" role="note" title="${escapeHtml(i18n.app.stagingHint)}">${escapeHtml(i18n.app.staging)}</div>`,
      );
    }
    if (config) {
      body.push(jsonScript('page-config', config, ` data-name="${escapeHtml(config.name)}"`));
      const files = { js: new Set<string>(), css: new Set<string>() };
      for (const type of typesIn(config.blocks)) {
        const c = this.chunks.get(type);
        for (const f of c?.js ?? []) files.js.add(f);
        for (const f of c?.css ?? []) files.css.add(f);
      }
      for (const f of files.js) head.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`);
      for (const f of files.css) head.push(`<link rel="preload" as="style" crossorigin href="/${f}">`);
    }
    const tabBar = Boolean((route?.meta as { tabBar?: boolean } | undefined)?.tabBar);
    const title = opts.notFound
      ? `${i18n.notFound.title} - ${i18n.app.name}`
      : config && !config.meta.title.includes('${')
        ? `${config.meta.title} - ${i18n.app.name}`
        : i18n.app.name;
    // What search results and share cards show: the page's own words, else the site's.
    const own = config?.meta.description;
    const description = escapeHtml(own && !own.includes('${') ? own : i18n.app.description);
    head.unshift(
      `<meta name="description" content="${description}">`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:description" content="${description}">`,
    );
    return this.template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${head.join('')}</head>`)
      .replace(
        '<div id="root"></div>',
        `${body.join('')}<div id="root">${opts.notFound ? notFoundHtml() : skeletonHtml(config, { tabBar })}</div>`,
      );
  }

  private compress(html: string, etag: string, status: 200 | 404): ShellReply {
    const identity = Buffer.from(html);
    return {
      status,
      etag,
      identity,
      br: zlib.brotliCompressSync(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    };
  }
}

/** The encoding to send for an Accept-Encoding header: br first, then gzip; undefined means identity. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((s) => s.trim()).find((s) => s.startsWith('q='));
    q.set(name, qp ? Number(qp.slice(2)) || 0 : 1);
  }
  const accepts = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

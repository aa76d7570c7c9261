import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RouteEntry } from '../../contract/pages';
import { CATEGORY_ROUTE } from '../../contract/subject-route';
import { i18n } from '../../i18n';
import { addAfterPaint } from '../../protocol/after-paint';
import { renderTemplate, type Scope } from '../../runtime/expr';
import type { PageStore } from '../areas/pages';
import { escapeHtml } from '../http/escape-html';
import { examFromCookie, type FirstScreen } from './first-screen-data';
import { matchRoute } from './route-match';
import { drawnTypes, leadImage, listPictures, notFoundHtml, skeletonHtml } from './skeleton';

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
/** Asks the first screen's data of a landing request (first-screen-data.ts), or null when there is none to inline. */
export type FirstScreenAsker = (
  config: NonNullable<ReturnType<PageStore['get']>>,
  route: RouteEntry,
  url: { pathname: string; search: string },
  cookie: string | undefined,
) => Promise<FirstScreen | null>;

/** HTML with a first screen's data kept, by route and data: enough for the landing pages of many subjects and items. */
const WITH_DATA_MAX = 500;

export class ShellPages {
  private readonly templateHash: string;
  private readonly chunks: Map<string, { js: string[]; css: string[] }>;
  private version = '';
  private readonly built = new Map<string, ShellReply>();
  private readonly withData = new Map<string, ShellReply>();
  /** Built stylesheets by file name, read once (the ones a drawn block needs at the first paint are inlined). */
  private readonly cssText = new Map<string, string>();

  constructor(
    private readonly template: string,
    private readonly clientDir: string,
    private readonly pages: PageStore,
    private readonly opts: { staging?: boolean; firstScreen?: FirstScreenAsker } = {},
  ) {
    this.templateHash = crypto.createHash('sha1').update(template).digest('base64url').slice(0, 10);
    this.chunks = blockChunks(clientDir);
  }

  static fromDir(clientDir: string, pages: PageStore, opts: { staging?: boolean; firstScreen?: FirstScreenAsker } = {}): ShellPages {
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
      // A lead picture the page config names literally (a promotion's poster) is known without any data.
      const config = route ? this.pages.get(route.name) : undefined;
      const lead = config ? leadImage(config, {}) : undefined;
      const html = this.html(manifest, route, { notFound: !route && !generic, leadImage: lead });
      reply = this.compress(html, `W/"${manifest.version}-${this.templateHash}-${key || 'shell'}"`, !route && !generic ? 404 : 200);
      this.built.set(key, reply);
    }
    return reply;
  }

  /**
   * The HTML of a landing request: with the first screen's data inlined when the page has sources the server can
   * answer (the lead picture then painted from the HTML), else the route's shell (forPath). Replies with data are kept
   * by route and a hash of the data, so a hot landing page is built and compressed once per data version.
   */
  async forRequest(pathname: string, search: string, cookie: string | undefined): Promise<ShellReply> {
    const manifest = this.pages.manifest();
    const route = matchRoute(manifest.routes, pathname);
    // A page that needs a subject, asked without one: the client will show the subject picker first, so the HTML
    // is the picker's (it paints at once; the app then moves the address to the picker without a second skeleton).
    if (route?.meta.needCategory && !examFromCookie(cookie) && matchRoute(manifest.routes, CATEGORY_ROUTE)) {
      return this.forPath(CATEGORY_ROUTE);
    }
    const config = route ? this.pages.get(route.name) : undefined;
    if (!route || !config?.data || !this.opts.firstScreen) return this.forPath(pathname);
    const first = await this.opts.firstScreen(config, route, { pathname, search }, cookie);
    if (!first) return this.forPath(pathname);
    const inline = JSON.stringify(first.inline);
    const hash = crypto.createHash('sha1').update(inline).digest('base64url').slice(0, 16);
    const key = `${manifest.version}:${route.name}:${hash}`;
    const kept = this.withData.get(key);
    if (kept) return kept;
    const scope = { ...first.scope, data: first.data };
    const html = this.html(manifest, route, { firstScreen: first, leadImage: leadImage(config, scope), scope });
    const reply = this.compress(html, `W/"${manifest.version}-${this.templateHash}-${route.name}-${hash}"`, 200, 5);
    if (this.withData.size >= WITH_DATA_MAX) this.withData.delete(this.withData.keys().next().value as string);
    this.withData.set(key, reply);
    return reply;
  }

  html(
    manifest: ReturnType<PageStore['manifest']>,
    route: RouteEntry | undefined,
    opts: { notFound?: boolean; firstScreen?: FirstScreen; leadImage?: string; scope?: Scope } = {},
  ): string {
    const config = route ? this.pages.get(route.name) : undefined;
    const head: string[] = [];
    const later: string[] = [];
    const body = [jsonScript('page-manifest', manifest)];
    // A staging server (production on sandboxes) says so on every page, before any script runs and outside React.
    if (this.opts.staging) {
      body.push(
        `<div class="staging-ribbon" role="note" title="${escapeHtml(i18n.app.stagingHint)}">${escapeHtml(i18n.app.staging)}</div>`,
      );
    }
    if (config) {
      body.push(jsonScript('page-config', config, ` data-name="${escapeHtml(config.name)}"`));
      if (opts.firstScreen) body.push(jsonScript('page-data', opts.firstScreen.inline));
      if (opts.leadImage) head.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(opts.leadImage)}">`);
      // The first cards' pictures too (after the lead, at the browser's own priority): there when the page draws them.
      for (const url of opts.scope ? listPictures(config, opts.scope) : []) {
        if (url !== opts.leadImage) head.push(`<link rel="preload" as="image" href="${escapeHtml(url)}">`);
      }
      const files = { js: new Set<string>(), css: new Set<string>() };
      for (const type of typesIn(config.blocks)) {
        const c = this.chunks.get(type);
        for (const f of c?.js ?? []) files.js.add(f);
        for (const f of c?.css ?? []) files.css.add(f);
      }
      // The page's chunks download once its first screen is painted (src/protocol/after-paint.ts).
      for (const f of files.js) later.push(`<link rel="modulepreload" crossorigin href="/${f}">`);
      // A block the skeleton draws with its real content (an article, a list of cards, from the first screen's data)
      // needs its stylesheet for that first paint: inlined (a few hundred bytes each; a link would hold the first
      // paint for a round trip, and without it the content would move when the stylesheet came).
      const drawn = new Set<string>();
      for (const type of drawnTypes(config, opts.scope)) for (const f of this.chunks.get(type)?.css ?? []) drawn.add(f);
      const inlined: string[] = [];
      for (const f of files.css) {
        if (drawn.has(f)) inlined.push(this.stylesheet(f));
        else later.push(`<link rel="preload" as="style" crossorigin href="/${f}">`);
      }
      if (inlined.length) head.push(`<style data-drawn>${inlined.join('')}</style>`);
    }
    const tabBar = Boolean((route?.meta as { tabBar?: boolean } | undefined)?.tabBar);
    // With the first screen's data a templated title is known too (an article's title in the HTML it is sent with).
    const pageTitle = config
      ? !config.meta.title.includes('${')
        ? config.meta.title
        : opts.scope
          ? String(renderTemplate(config.meta.title, opts.scope) ?? '')
          : ''
      : '';
    const title = opts.notFound
      ? `${i18n.notFound.title} - ${i18n.app.name}`
      : pageTitle
        ? `${pageTitle} - ${i18n.app.name}`
        : i18n.app.name;
    // What search results and share cards show: the page's own words, else the site's.
    const own = config?.meta.description;
    const description = escapeHtml(own && !own.includes('${') ? own : i18n.app.description);
    head.unshift(
      `<meta name="description" content="${description}">`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:description" content="${description}">`,
    );
    const page = this.template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${head.join('')}</head>`)
      .replace(
        '<div id="root"></div>',
        `${body.join('')}<div id="root">${opts.notFound ? notFoundHtml() : skeletonHtml(config, { tabBar, leadImage: opts.leadImage, scope: opts.scope })}</div>`,
      );
    return addAfterPaint(page, later.join(''));
  }

  /** A built stylesheet's text, for a `<style>` element (`</` escaped, so no text of it can close the element). */
  private stylesheet(file: string): string {
    let css = this.cssText.get(file);
    if (css === undefined) {
      css = fs.readFileSync(path.join(this.clientDir, file), 'utf8').replaceAll('</', '<\\/');
      this.cssText.set(file, css);
    }
    return css;
  }

  /** Brotli at `quality` (the maximum for the per-route shells built once; less for replies with data). */
  private compress(html: string, etag: string, status: 200 | 404, quality: number = zlib.constants.BROTLI_MAX_QUALITY): ShellReply {
    const identity = Buffer.from(html);
    return {
      status,
      etag,
      identity,
      br: zlib.brotliCompressSync(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
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

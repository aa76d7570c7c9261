import { i18n } from '../../i18n';
import { login } from '../../i18n/zh-CN/login';
import { renderTemplate, resolveDeep, type Scope } from '../../runtime/expr';
import type { PageConfig } from '../../runtime/page-config.gen';

/**
 * The page as it looks before the script runs: built from the landing route's page config, so the first paint
 * shows the shell's header (the back-home link, or the page's own top bar) where the real one will be, and
 * grey placeholders shaped like the page's first blocks. Literal texts of the config (titles, headings) are
 * shown as they are; anything computed from data (`${…}`) is a placeholder. The client keeps this markup on
 * screen until the page's blocks render (src/runtime/skeleton.tsx), so there is no blank frame between them.
 * Styles: `.sk-*` in src/styles.css (inlined into the HTML by the build).
 */

import { escapeHtml } from '../http/escape-html';
import { CARD_LIST_TYPES, cardListHtml, DRAWN_CARDS } from './skeleton-cards';
import { pictureUrl, shows } from './skeleton-values';

type Node = { type: string; visibleOn?: string; props?: Record<string, unknown>; children?: Node[] };

const MAX_BLOCKS = 6;

/** A literal string of the config (no template), else undefined. */
function literal(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' && !v.includes('${') ? v : undefined;
}

function ratioOf(v: unknown, def?: string): string | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(typeof v === 'string' ? v : (def ?? ''));
  return m ? `${m[1]} / ${m[2]}` : undefined;
}

const line = (width: string) => `<i class="sk-line" style="width:${width}"></i>`;

function card(lines = 3): string {
  const widths = ['62%', '92%', '78%', '85%'];
  return `<div class="sk-card">${Array.from({ length: lines }, (_, i) => line(widths[i % widths.length] as string)).join('')}</div>`;
}

/** Blocks whose first picture is the page's lead picture (leadImage reads it, the skeleton draws it there). */
const PICTURE_TYPES = new Set(['banner-carousel', 'image', 'courses-video-player']);

/** The pictures of a list's first `max` items (its item template's first block's `image`), from the first screen's data. */
function itemPictures(list: Node, scope: Scope, max: number): string[] {
  const source = list.props?.source;
  const items = typeof source === 'string' ? (scope.data as Record<string, unknown> | undefined)?.[source] : undefined;
  const template = list.props?.item;
  const first = (Array.isArray(template) ? template[0] : template) as Node | undefined;
  if (!Array.isArray(items) || !first?.props || first.props.image === undefined) return [];
  const pictures: string[] = [];
  for (const [index, item] of items.slice(0, max).entries()) {
    try {
      const url = pictureUrl(resolveDeep(first.props.image, { ...scope, item, index }));
      if (url) pictures.push(url);
    } catch {
      // a template that does not resolve for this item: no picture to preload
    }
  }
  return pictures;
}

/** A block's list, when it is one or a section holding one (a list inside tabs is not on the first screen). */
function listOf(node: Node): Node | undefined {
  return node.type === 'list' ? node : node.type === 'container' ? node.children?.find((c) => c.type === 'list') : undefined;
}

/** How many list pictures the HTML preloads: about the first screen's cards. */
const LIST_PICTURES = 4;

/**
 * The pictures of the first screen's lists (their first items, `LIST_PICTURES` in all), preloaded by the HTML so a
 * card's cover is there when the page draws it (the mall's largest paint is a cover of its third card).
 */
export function listPictures(config: PageConfig | undefined, scope: Scope): string[] {
  const out: string[] = [];
  for (const node of ((config?.blocks ?? []) as unknown as Node[]).slice(0, MAX_BLOCKS)) {
    const list = listOf(node);
    if (!list || !shows(node.visibleOn, scope)) continue;
    for (const url of itemPictures(list, scope, LIST_PICTURES - out.length)) if (!out.includes(url)) out.push(url);
    if (out.length >= LIST_PICTURES) break;
  }
  return out;
}

/**
 * The picture near the top the first screen shows biggest (its largest paint), when the first screen's data names it:
 * the first banner of a banner carousel, an image block's picture, a course player's cover or the picture of a list's
 * first item, among the first blocks.
 */
export function leadImage(config: PageConfig | undefined, scope: Scope): string | undefined {
  const nodes = ((config?.blocks ?? []) as unknown as Node[]).slice(0, MAX_BLOCKS);
  for (const node of nodes) {
    const p = node.props ?? {};
    // A list (on its own or in a section) whose items show a picture: its first item's.
    const list = listOf(node);
    if (list && shows(node.visibleOn, scope)) {
      const picture = itemPictures(list, scope, 1)[0];
      if (picture) return picture;
      continue;
    }
    if (node.type === 'banner-carousel') {
      const items = resolveDeep(p.items, scope);
      return pictureUrl(Array.isArray(items) ? (items[0] as { image?: unknown } | undefined)?.image : undefined);
    }
    if (node.type === 'image') return pictureUrl(resolveDeep(p.src, scope));
    // A course's player: its cover (the poster) is the first screen's picture.
    if (node.type === 'courses-video-player') return pictureUrl(resolveDeep(p.poster, scope));
  }
  return undefined;
}

/**
 * An article body the server can draw as the page will (the markdown block with the first screen's data): its title,
 * meta line and the server's HTML of the body (`html`, e.g. `${data.detail.content_html}`, the same sanitised output
 * the block sets), so the text paints from the HTML before any script runs. Undefined when the data does not give it.
 */
function articleHtml(node: Node, scope: Scope | undefined): string | undefined {
  if (node.type !== 'markdown' || !scope) return undefined;
  if (!shows(node.visibleOn, scope)) return undefined;
  const p = node.props ?? {};
  const text = (v: unknown) => {
    const r = typeof v === 'string' ? renderTemplate(v, scope) : undefined;
    return typeof r === 'string' || typeof r === 'number' ? String(r) : '';
  };
  const body = text(p.html);
  if (!body) return undefined;
  const title = text(p.title);
  const meta = text(p.meta);
  return (
    `<article class="bk-md">${title ? `<h1 class="bk-md-title">${escapeHtml(title)}</h1>` : ''}` +
    `${meta ? `<p class="bk-md-meta">${escapeHtml(meta)}</p>` : ''}<div class="bk-md-body">${body}</div></article>`
  );
}

/**
 * The login form as the module draws it (src/modules/accounts-mobile-login, its form src/modules/shared/SmsCodeForm):
 * heading, hint, the two fields with their placeholders, the consent line and the button, in the same sizes, so the
 * page's largest text (the consent line) paints from the HTML. Nothing here takes input: the fields are drawings.
 */
function loginForm(): string {
  const t = login;
  const field = (label: string, hint: string, after = '') =>
    `<div class="field"><span>${escapeHtml(label)}</span><i class="sk-input">${escapeHtml(hint)}</i>${after}</div>`;
  return (
    `<section class="mobile-login"><h1>${escapeHtml(t.title)}</h1><p class="mobile-login-subtitle">${escapeHtml(t.subtitle)}</p>` +
    field(t.mobile, t.mobilePlaceholder) +
    field(t.code, t.codePlaceholder, `<i class="send-code">${escapeHtml(t.sendCode)}</i>`) +
    `<p class="sk-consent"><i class="sk-consent-box"></i><span>${escapeHtml(t.consentPrefix)}<b>${escapeHtml(t.userAgreement)}</b>` +
    `${escapeHtml(t.consentAnd)}<b>${escapeHtml(t.privacyPolicy)}</b></span></p>` +
    `<span class="primary sk-button">${escapeHtml(t.submit)}</span></section>`
  );
}

/** Block types the skeleton draws with their real content for this data (their stylesheet must apply at once). */
export function drawnTypes(config: PageConfig | undefined, scope: Scope | undefined): Set<string> {
  const nodes = ((config?.blocks ?? []) as unknown as Node[]).slice(0, MAX_BLOCKS);
  const types = new Set(nodes.filter((n) => articleHtml(n, scope) !== undefined).map((n) => n.type));
  if (scope && nodes.some((n) => cardListHtml(n, scope, DRAWN_CARDS))) for (const t of CARD_LIST_TYPES) types.add(t);
  return types;
}

function block(node: Node, lead?: string, scope?: Scope): string {
  const p = node.props ?? {};
  const article = articleHtml(node, scope);
  if (article) return article;
  switch (node.type) {
    case 'top-bar': {
      const title = literal(p.title);
      return (
        `<header class="top-bar"><h1>${title ? escapeHtml(title) : line('48px')}</h1>` +
        `<span class="subject-name">${p.subtitle ? line('72px') : ''}</span>${p.right ? line('28px') : ''}</header>`
      );
    }
    case 'courses-video-player':
      // The player's 16:9 stage (video-player.css), its cover painted from the HTML when the server knows it.
      return `<div class="sk-box sk-player">${lead ? leadImg(lead) : ''}</div>`;
    case 'banner-carousel':
      return `<div class="sk-box sk-banner" style="aspect-ratio:${ratioOf(p.ratio, '5:2')}">${lead ? leadImg(lead) : ''}</div>`;
    case 'image': {
      const ratio = ratioOf(p.ratio);
      return `<div class="sk-box" style="aspect-ratio:${ratio ?? '16 / 9'};border-radius:${Number(p.radius ?? 0)}px">${lead ? leadImg(lead) : ''}</div>`;
    }
    case 'notice-bar':
      return `<div class="sk-box sk-notice"></div>`;
    case 'grid': {
      const columns = Number(p.columns ?? 4) || 4;
      const count = Array.isArray(p.items) ? Math.min(p.items.length, columns * 2) : columns;
      const cell = `<span class="sk-cell"><i class="sk-icon"></i>${line('60%')}</span>`;
      return `<div class="sk-grid" style="grid-template-columns:repeat(${columns},1fr)">${cell.repeat(count)}</div>`;
    }
    case 'text': {
      const text = literal(p.text);
      const align = typeof p.align === 'string' ? `text-align:${p.align}` : '';
      if (!text) return `<p class="sk-text" style="${align}">${line('70%')}</p>`;
      const heading = p.as === 'h1' || p.as === 'h2' || p.size === 'xl' || p.size === 'lg';
      return `<p class="sk-text${heading ? ' sk-heading' : ' sk-muted'}" style="${align}">${escapeHtml(text)}</p>`;
    }
    case 'coming-soon': {
      const title = literal(p.title);
      const text = literal(p.text);
      return `<div class="sk-card sk-center">${title ? `<p class="sk-heading">${escapeHtml(title)}</p>` : line('40%')}${text ? `<p class="sk-muted">${escapeHtml(text)}</p>` : line('80%')}</div>`;
    }
    case 'subjects-picker':
      return (
        `<header class="subject-picker-head"><h1>${escapeHtml(literal(p.heading) ?? i18n.subject.heading)}</h1>` +
        `<p>${escapeHtml(literal(p.hint) ?? i18n.subject.hint)}</p></header>` +
        `<div class="sk-picker"><div class="sk-picker-menu">${line('70%').repeat(5)}</div>` +
        `<div class="sk-picker-body"><i class="sk-chip"></i><i class="sk-chip"></i></div></div>`
      );
    case 'accounts-mobile-login':
      return loginForm();
    case 'tabs':
      return `<div class="sk-tabs">${line('56px')}${line('56px')}${line('56px')}</div>${card()}`;
    case 'markdown':
      return `<div class="sk-card">${line('85%')}${line('40%')}${line('96%')}${line('92%')}${line('96%')}${line('60%')}</div>`;
    default:
      return card();
  }
}

/**
 * The not-found drawing of src/runtime/NotFound.tsx as markup (the server may not import client code; a unit test
 * keeps the two the same).
 */
export const NOT_FOUND_ART =
  '<svg class="placeholder-art" viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" focusable="false">' +
  '<ellipse cx="80" cy="108" rx="56" ry="6" fill="#e8eefb"></ellipse>' +
  '<path d="M24 30l34-10 40 10 36-10v70l-36 10-40-10-34 10z" fill="#fff" stroke="#c9d8f5" stroke-width="2" stroke-linejoin="round"></path>' +
  '<path d="M58 20v70M98 30v70" stroke="#e3eaf7" stroke-width="2"></path>' +
  '<path d="M36 78c10-4 14-18 26-18s12 14 22 12" fill="none" stroke="#9bb8ec" stroke-width="3" stroke-dasharray="4 5" stroke-linecap="round"></path>' +
  '<circle cx="36" cy="78" r="4" fill="#2f7cf6"></circle>' +
  '<circle cx="104" cy="58" r="20" fill="#fff" stroke="#2f7cf6" stroke-width="5"></circle>' +
  '<path d="M118 72l14 14" stroke="#2f7cf6" stroke-width="7" stroke-linecap="round"></path>' +
  '<path d="M98 52l12 12M110 52l-12 12" stroke="#ff9900" stroke-width="4" stroke-linecap="round"></path>' +
  '</svg>';

/**
 * A path no route serves: the server already knows the answer, so `#root` gets the client's not-found screen itself
 * (the same markup and classes as src/runtime/NotFound.tsx, a plain link home) instead of a skeleton waiting for it.
 */
export function notFoundHtml(): string {
  const t = i18n.notFound;
  return (
    `<main class="page not-found"><section class="placeholder-state not-found-state" aria-labelledby="not-found-title">${NOT_FOUND_ART}` +
    `<h1 class="placeholder-title" id="not-found-title">${escapeHtml(t.title)}</h1><p class="placeholder-text">${escapeHtml(t.text)}</p>` +
    `<div class="not-found-actions"><a href="/" class="placeholder-button">${escapeHtml(t.goHome)}</a></div></section></main>`
  );
}

/** The skeleton markup of one page (goes inside `#root`). */
/** The lead picture in its placeholder: painted from the HTML, before any script (the page's largest paint). */
function leadImg(url: string): string {
  return `<img class="sk-lead" src="${escapeHtml(url)}" alt="" fetchpriority="high" decoding="async">`;
}

export function skeletonHtml(config: PageConfig | undefined, opts: { tabBar?: boolean; leadImage?: string; scope?: Scope } = {}): string {
  const nodes = ((config?.blocks ?? []) as unknown as Node[]).filter((n) => n && typeof n.type === 'string' && n.type !== 'on-enter');
  const header = config && !config.meta.hideHome ? `<span class="back-home">${escapeHtml(i18n.shell.backHome)}</span>` : '';
  // The lead picture goes into the first picture block only (the one leadImage read it from).
  const firstPicture = nodes.slice(0, MAX_BLOCKS).findIndex((n) => PICTURE_TYPES.has(n.type));
  // Lists of cards are drawn with the first screen's data, about a screen of cards in all (skeleton-cards.ts).
  let cardsLeft = DRAWN_CARDS;
  const drawn = (n: Node, i: number) => {
    const cards = opts.scope ? cardListHtml(n, opts.scope, cardsLeft) : undefined;
    if (!cards) return block(n, i === firstPicture ? opts.leadImage : undefined, opts.scope);
    cardsLeft -= cards.cards;
    return cards.html;
  };
  const body = nodes.length ? nodes.slice(0, MAX_BLOCKS).map(drawn).join('') : card();
  const tabBar = opts.tabBar ? '<div class="sk-tab-bar"></div>' : '';
  return `<div class="shell sk${opts.tabBar ? ' sk-has-tab-bar' : ''}" aria-busy="true" aria-label="${escapeHtml(i18n.app.loading)}">${header}<main class="page">${body}</main>${tabBar}</div>`;
}

import { resolveDeep, type Scope } from '../../runtime/expr';
import { escapeHtml } from '../http/escape-html';
import { pictureUrl, shows } from './skeleton-values';

/**
 * A list of media cards drawn from the first screen's data, as the page will draw it: the section it sits in (its
 * title), the list and its first cards (cover, tag, title, meta line, price or 免费, corner) in the markup and classes
 * of src/blocks/container, src/blocks/list and src/blocks/media-card, whose stylesheets the HTML then carries. The
 * mall's largest paint is a cover of its third card: drawn here, it paints from the HTML (its picture is preloaded)
 * instead of after the app, the page's sources and React. A card's child blocks (the struck-through price) come
 * with the app, in the card's bottom row. `tests/unit/skeleton-cards.test.ts` keeps this markup the blocks' own. The
 * covers carry `elementtiming="html-card"`: the Element Timing API then tells when a cover painted from the HTML (the
 * app's cards carry no such mark), for tests and for field measurements.
 */

type Node = { type: string; visibleOn?: string; props?: Record<string, unknown>; children?: Node[] };

/** Cards the HTML draws on one page: about a phone screen of them. */
export const DRAWN_CARDS = 6;

/** The block types whose markup this file draws (their stylesheets must apply at the first paint). */
export const CARD_LIST_TYPES = ['container', 'list', 'media-card'] as const;

/** The client's cover ratio rule (src/blocks/media-card/MediaCardBlock.tsx `coverRatio`). */
function coverRatio(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(2.5, Math.max(0.5, n)) : 1.6;
}

const ACCENT_TONES = ['price', 'free', 'muted'];
const CORNER_TONES = ['brand', 'live', 'muted'];
const toneOf = (v: unknown, tones: string[]) => (tones.includes(v as string) ? (v as string) : tones[0]);

/** A site path for a card's link (an address of this site only; anything else draws a card without a link). */
function sitePath(v: unknown): string | undefined {
  return typeof v === 'string' && /^\/(?!\/)/.test(v) ? v : undefined;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** One media card with resolved props, as MediaCardBlock renders it (its child blocks left to the app). */
export function mediaCardHtml(p: Record<string, unknown>): string {
  const width = typeof p.imageWidth === 'number' ? p.imageWidth : 116;
  const height = Math.round(width / coverRatio(p.imageRatio));
  const image = pictureUrl(p.image);
  const corner = text(p.corner);
  const tag = text(p.tag);
  const meta = text(p.meta);
  const accent = text(p.accent);
  const action = text(p.action);
  const lines = typeof p.lines === 'number' ? p.lines : 2;
  const cover =
    `<div class="mc-cover" style="width:${width}px;height:${height}px">` +
    (image ? `<img src="${escapeHtml(image)}" alt="" width="${width}" height="${height}" elementtiming="html-card"/>` : '') +
    (corner ? `<span class="mc-corner mc-corner-${toneOf(p.cornerTone, CORNER_TONES)}">${escapeHtml(corner)}</span>` : '') +
    '</div>';
  const bottom =
    accent || action
      ? '<div class="mc-bottom">' +
        (accent ? `<span class="mc-accent mc-accent-${toneOf(p.accentTone, ACCENT_TONES)}">${escapeHtml(accent)}</span>` : '') +
        '<div class="mc-extra"></div>' +
        (action ? `<span class="mc-action">${escapeHtml(action)}</span>` : '') +
        '</div>'
      : '';
  const body =
    cover +
    `<div class="mc-text"><h3 style="-webkit-line-clamp:${lines}">` +
    (tag ? `<span class="mc-tag">${escapeHtml(tag)}</span>` : '') +
    `${escapeHtml(text(p.title))}</h3>` +
    (meta ? `<p class="mc-meta">${escapeHtml(meta)}</p>` : '') +
    `${bottom}</div>`;
  const to = sitePath(p.to);
  return to
    ? `<a class="media-card" data-testid="media-card" href="${escapeHtml(to)}">${body}</a>`
    : `<div class="media-card" data-testid="media-card">${body}</div>`;
}

const visible = (node: Node, scope: Scope) => shows(node.visibleOn, scope);

/** The list's item template when it is one media card (after fragments were expanded), else undefined. */
function cardTemplate(list: Node): Node | undefined {
  const item = list.props?.item;
  const blocks = (Array.isArray(item) ? item : [item]) as Array<Node | undefined>;
  return blocks.length === 1 && blocks[0]?.type === 'media-card' ? blocks[0] : undefined;
}

/** The container's padding rule (src/blocks/container/ContainerBlock.tsx `containerPadding`). */
function containerPadding(variant: string, padding: unknown): number {
  if (typeof padding === 'number' && Number.isFinite(padding) && padding >= 0) return padding;
  return variant === 'card' ? 12 : 0;
}

/**
 * A list of media cards (alone, or the only list of a section with a title) drawn with its first `max` items from
 * the first screen's data; undefined when the block is anything else, hidden, or its source gave no items.
 */
export function cardListHtml(node: Node, scope: Scope, max: number): { html: string; cards: number } | undefined {
  if (max <= 0 || !visible(node, scope)) return undefined;
  const section = node.type === 'container' ? node : undefined;
  const list = section ? section.children?.find((c) => c.type === 'list') : node.type === 'list' ? node : undefined;
  // A section holding more than its list (a heading, a button) is left to the app.
  if (!list || (section && section.children?.length !== 1) || !visible(list, scope)) return undefined;
  const template = cardTemplate(list);
  const source = list.props?.source;
  const all =
    typeof source === 'string' && !source.includes('.') ? (scope.data as Record<string, unknown> | undefined)?.[source] : undefined;
  if (!template || !Array.isArray(all) || all.length === 0) return undefined;
  const limit = typeof list.props?.limit === 'number' ? list.props.limit : all.length;
  const cards: string[] = [];
  for (const [index, item] of all.slice(0, Math.min(limit, max)).entries()) {
    try {
      const itemScope = { ...scope, item, index };
      if (!visible(template, itemScope)) return undefined;
      cards.push(`<li>${mediaCardHtml(resolveDeep(template.props ?? {}, itemScope) as Record<string, unknown>)}</li>`);
    } catch {
      return undefined; // a template this data does not resolve: the placeholder, and the app draws it
    }
  }
  const layout = typeof list.props?.layout === 'string' ? list.props.layout : 'list';
  const listHtml = `<section class="list-block list-${escapeHtml(layout)}" data-testid="list-${escapeHtml(String(source))}"><ul>${cards.join('')}</ul></section>`;
  if (!section) return { html: listHtml, cards: cards.length };
  const p = (resolveDeep(section.props ?? {}, scope) ?? {}) as Record<string, unknown>;
  // A 更多 link is the app's to draw (it may leave the site); the section waits for it.
  if (p.more) return undefined;
  const variant = typeof p.variant === 'string' ? p.variant : 'card';
  const title = text(p.title);
  const head = title ? `<header class="bk-container-head"><h2 class="bk-container-title">${escapeHtml(title)}</h2></header>` : '';
  const html =
    `<section class="bk-container bk-container-${escapeHtml(variant)}" style="padding:${containerPadding(variant, p.padding)}px" data-testid="container">` +
    `${head}${listHtml}</section>`;
  return { html, cards: cards.length };
}

// biome-ignore-all lint/suspicious/noTemplateCurlyInString: page-config templates are plain strings containing ${…}
import { renderTemplate, type Scope } from '../../runtime/block-api';

export interface BannerItem {
  id?: number | string;
  image: string;
  title?: string;
  link?: string;
  [k: string]: unknown;
}

export const DEFAULT_LINK_TEMPLATE = '/banner/detail/${item.id}';

/** The banners to show: objects with an image; anything else (an unresolved source, null) gives none. */
export function bannerItems(items: unknown): BannerItem[] {
  if (!Array.isArray(items)) return [];
  return items.filter(
    (b): b is BannerItem => !!b && typeof b === 'object' && typeof (b as BannerItem).image === 'string' && (b as BannerItem).image !== '',
  );
}

/** Where a banner goes: its own link, else the link template evaluated with the item ('' when neither gives one). */
export function bannerLink(item: BannerItem, index: number, linkTemplate: string | undefined, scope: Scope = {}): string {
  if (typeof item.link === 'string' && item.link.trim() !== '') return item.link.trim();
  try {
    const to = renderTemplate(linkTemplate ?? DEFAULT_LINK_TEMPLATE, { ...scope, item, index });
    return typeof to === 'string' || typeof to === 'number' ? String(to) : '';
  } catch {
    return '';
  }
}

/** Index of the slide scrolled into view. */
export function slideAt(scrollLeft: number, width: number, count: number): number {
  if (width <= 0 || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / width)));
}

/** The slide autoplay shows next (wraps to the first). */
export function nextSlide(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** '5:2' → '5 / 2'. */
export function ratioCss(ratio: string | undefined): string {
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(ratio ?? '');
  return m ? `${m[1]} / ${m[2]}` : '5 / 2';
}

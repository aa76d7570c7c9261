import type { SearchKind } from '../../contract/study';
import type { KeyValueStore } from '../../runtime/block-api';

/** Stored search history (newest first, no duplicates). */
export const SEARCH_HISTORY_KEY = 'beikao.search_history';
export const DEFAULT_HISTORY_MAX = 10;

export function readHistory(storage: KeyValueStore): string[] {
  const list = storage.getJson<unknown>(SEARCH_HISTORY_KEY, []);
  return Array.isArray(list) ? list.filter((w): w is string => typeof w === 'string' && w.trim() !== '') : [];
}

/** The word first, then the rest without it, at most `max` words. */
export function pushHistory(list: readonly string[], word: string, max = DEFAULT_HISTORY_MAX): string[] {
  return [word, ...list.filter((w) => w !== word)].slice(0, Math.max(1, max));
}

export function saveHistory(storage: KeyValueStore, list: readonly string[]): void {
  if (list.length) storage.setJson(SEARCH_HISTORY_KEY, list);
  else storage.remove(SEARCH_HISTORY_KEY);
}

const ROUTES: Record<SearchKind, string> = {
  news: '/news/detail/',
  strategy: '/stratege/detail/',
  course: '/course/detail/',
  ebook: '/ebook/detail/',
};

/** The navigation target that puts the searched word into the current page's query (or clears it). */
export function wordQuery(word: string): string {
  return word ? `?word=${encodeURIComponent(word)}` : '?';
}

/** The page that shows a search hit. */
export function hitRoute(kind: SearchKind, id: number): string {
  return `${ROUTES[kind]}${id}`;
}

export interface TextPart {
  text: string;
  hit: boolean;
}

/** Splits `text` into parts, marking every case-insensitive occurrence of the word's terms (for <mark>). */
export function highlightParts(text: string, word: string): TextPart[] {
  const terms = [...new Set(word.trim().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!terms.length || !text) return text ? [{ text, hit: false }] : [];
  const re = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
  return text
    .split(re)
    .filter((s) => s !== '')
    .map((s) => ({ text: s, hit: terms.some((t) => t.toLowerCase() === s.toLowerCase()) }));
}

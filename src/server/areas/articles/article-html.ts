import { createHash } from 'node:crypto';
// The server's one use of React: react-dom's static renderer draws an article body with the client's own Markdown
// renderer (react-markdown) and options, so the HTML is exactly what the client would draw (docs/performance.md).
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { ARTICLE_MARKDOWN } from '../../../protocol/markdown/options';

/**
 * An article body as HTML (`content_html` and the other `*_html` reply fields): react-markdown with the options both
 * ends share (src/protocol/markdown/options.ts: GFM, raw HTML dropped, unsafe URL schemes dropped, lazy images), through
 * `renderToStaticMarkup`. Site links are plain `<a href="/…">`; the markdown block turns clicks on them into router
 * navigations.
 *
 * Rendered once per version: the HTML is kept in a bounded LRU keyed by the SHA-1 of the Markdown, so the same body
 * (a popular article, the same article through two endpoints) is rendered once however often it is read, and an edit
 * (new text, new key) is rendered afresh; the old entry ages out. The read cache (src/server/cache) keeps whole replies,
 * HTML included, of the endpoints it caches, so a read-cache hit does not even hash.
 */

const MAX_ENTRIES = 2000;
const MAX_BYTES = 32 * 1024 * 1024;

const cache = new Map<string, string>();
let bytes = 0;
const stats = { renders: 0, hits: 0 };

/** Renders Markdown to HTML with the shared options, uncached (tests compare it with the client's renderer). */
export function renderArticleHtml(markdown: string): string {
  return renderToStaticMarkup(Markdown({ ...ARTICLE_MARKDOWN, children: markdown }));
}

/** The HTML of a Markdown body, rendered at most once per distinct text while it stays in the LRU. */
export function articleHtml(markdown: string): string {
  if (markdown === '') return '';
  const key = createHash('sha1').update(markdown).digest('base64');
  const kept = cache.get(key);
  if (kept !== undefined) {
    stats.hits++;
    cache.delete(key); // most recently used last
    cache.set(key, kept);
    return kept;
  }
  stats.renders++;
  const html = renderArticleHtml(markdown);
  cache.set(key, html);
  bytes += html.length * 2;
  for (const [oldKey, oldHtml] of cache) {
    if (cache.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    cache.delete(oldKey);
    bytes -= oldHtml.length * 2;
  }
  return html;
}

/** A reply with `content_html` next to its Markdown `content`. */
export function withContentHtml<T extends { content: string }>(row: T): T & { content_html: string } {
  return { ...row, content_html: articleHtml(row.content) };
}

/** How often the renderer ran and how often the LRU answered (for tests and diagnostics). */
export function articleHtmlStats(): { renders: number; hits: number; entries: number } {
  return { ...stats, entries: cache.size };
}

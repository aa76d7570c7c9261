import type { Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * The one set of options of the article Markdown renderer (react-markdown), used by the server, which renders an
 * article's body to HTML once per version (`content_html`, src/server/areas/articles/article-html.ts), and by the
 * markdown block's text path (src/blocks/markdown/MarkdownBlock.tsx, a lazy import), so both draw the same HTML from
 * the same Markdown.
 * It holds no React code (src/protocol refuses React): links and images are drawn by a hast transform, not components.
 *
 * Safety: `skipHtml` drops raw HTML in the Markdown (`<script>`, `<iframe>`, `<img onerror>`: Markdown cannot make an
 * element or attribute of its own), and `articleUrl` drops every URL whose scheme is not http(s), mailto or tel
 * (`javascript:`, `data:`, `vbscript:`: the href or src is left out). What remains is the elements Markdown and GFM make,
 * with href, src, alt and title.
 */

/** Schemes kept in links and images; a URL without a scheme (a path, `#anchor`, `?query`) is relative and kept. */
const SAFE_SCHEME = /^(?:https?|mailto|tel)$/i;

/**
 * The URL rule (react-markdown's default, with tel and without irc/xmpp): a URL with an unsafe scheme is dropped, so
 * such a link is drawn as `<a>` without href and such an image without src.
 */
export function articleUrl(url: string): string | undefined {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  for (const stop of ['/', '?', '#']) {
    const at = url.indexOf(stop);
    if (at !== -1 && colon > at) return url; // the first colon sits after the path starts: no scheme
  }
  return SAFE_SCHEME.test(url.slice(0, colon)) ? url : undefined;
}

/** The minimal hast shape the transform reads. */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/**
 * How images are drawn: always an alt (empty when the Markdown has none), `loading="lazy"` and `decoding="async"`, in
 * that order before the rest (`<img alt="…" loading="lazy" decoding="async" src="…">`). Links stay plain `<a href>`.
 */
function rehypeArticleImages() {
  const walk = (node: HastNode): void => {
    if (node.type === 'element' && node.tagName === 'img') {
      const { alt, ...rest } = node.properties ?? {};
      node.properties = { alt: typeof alt === 'string' ? alt : '', loading: 'lazy', decoding: 'async', ...rest };
    }
    for (const child of node.children ?? []) walk(child);
  };
  return (tree: HastNode) => walk(tree);
}

/** GitHub-flavoured Markdown: tables (the agreements' 个人信息收集清单), task lists, strikethrough, autolinks. */
export const ARTICLE_MARKDOWN = {
  remarkPlugins: [remarkGfm],
  rehypePlugins: [rehypeArticleImages],
  skipHtml: true,
  urlTransform: articleUrl,
} satisfies Options;

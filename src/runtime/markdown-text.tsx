import { lazy } from 'react';

/**
 * Markdown drawn on the client: react-markdown with the options the server renders articles with
 * (src/protocol/markdown/options.ts: GFM, raw HTML dropped, unsafe URLs dropped), so a text drawn here looks as the
 * server's HTML of the same text. A lazy component: react-markdown and its parser (about 40 KB gzip) are their own
 * chunks, fetched when a text is first drawn, never with a block's chunk (the server preloads those for a landing page).
 */
export const MarkdownText = lazy(async () => {
  const [{ default: Markdown }, { ARTICLE_MARKDOWN }] = await Promise.all([
    import('react-markdown'),
    import('../protocol/markdown/options'),
  ]);
  return { default: ({ content }: { content: string }) => <Markdown {...ARTICLE_MARKDOWN}>{content}</Markdown> };
});

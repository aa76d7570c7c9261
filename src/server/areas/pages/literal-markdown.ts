import type { PageConfig } from '../../../runtime/page-config.gen';
import { articleHtml } from '../articles';

/** Block types whose `content` is Markdown and that show an `html` prop as it is (the server's rendering of it). */
const MARKDOWN_BLOCKS = new Set(['markdown', 'rule-text']);

/** A text with no `${…}` expression: the same for every visitor, so the server can render it once. */
const isLiteral = (text: string): boolean => !text.includes('${');

/**
 * A page config with the literal Markdown of its markdown and rule-text blocks also rendered as HTML (`props.html`,
 * by the articles area's renderer with the article options, once per distinct text), so a page shows an operator's
 * written rules or text without the client's Markdown renderer. A block that has `html` already, or whose `content`
 * holds an expression (it changes with the data), is left as it is. The config given is not changed.
 */
export function withLiteralMarkdownHtml(config: PageConfig): PageConfig {
  let changed = false;
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const out = value.map(visit);
      return out.some((v, i) => v !== value[i]) ? out : value;
    }
    if (!value || typeof value !== 'object') return value;
    const node = value as Record<string, unknown>;
    let next: Record<string, unknown> | null = null;
    for (const [key, child] of Object.entries(node)) {
      const v = visit(child);
      if (v === child) continue;
      next = next ?? { ...node };
      next[key] = v;
    }
    const props = (next ?? node).props as Record<string, unknown> | undefined;
    if (
      typeof node.type === 'string' &&
      MARKDOWN_BLOCKS.has(node.type) &&
      props &&
      typeof props.content === 'string' &&
      props.content !== '' &&
      isLiteral(props.content) &&
      props.html === undefined
    ) {
      next = { ...(next ?? node), props: { ...props, html: articleHtml(props.content) } };
    }
    if (next) changed = true;
    return next ?? node;
  };
  const blocks = visit(config.blocks);
  return changed ? { ...config, blocks: blocks as PageConfig['blocks'] } : config;
}

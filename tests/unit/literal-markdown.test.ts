import { describe, expect, it } from 'vitest';
import type { PageConfig } from '../../src/runtime/page-config.gen';
import { renderArticleHtml } from '../../src/server/areas/articles';
import { withLiteralMarkdownHtml } from '../../src/server/areas/pages/literal-markdown';

/** A block as the test reads it. */
type Block = { props: { html?: string }; children: Block[] };

const rules = '1. 活动时间：3 月 1 日至 3 月 31 日\n2. **每个手机号**限参加一次';
const page = (blocks: unknown[]): PageConfig =>
  ({ name: 'p', path: '/p', meta: { title: 't', auth: false }, blocks }) as unknown as PageConfig;

describe('literal Markdown in a page config is rendered by the server', () => {
  it('adds the HTML of literal rule-text and markdown texts, nested ones included', () => {
    const config = page([
      { type: 'rule-text', props: { content: rules } },
      { type: 'container', props: {}, children: [{ type: 'markdown', props: { content: '## 说明\n\n正文' } }] },
    ]);
    const out = withLiteralMarkdownHtml(config) as unknown as { blocks: Array<Block> };
    expect(out.blocks[0]?.props.html).toBe(renderArticleHtml(rules));
    expect(out.blocks[0]?.props.html).toContain('<strong>每个手机号</strong>');
    expect(out.blocks[1]?.children[0]?.props.html).toBe(renderArticleHtml('## 说明\n\n正文'));
    // The config given is not changed.
    expect(JSON.stringify(config)).not.toContain('"html"');
  });

  it('leaves texts with expressions, blocks with their own HTML and other blocks alone', () => {
    const config = page([
      { type: 'rule-text', props: { content: '1. ${data.detail.rule}' } },
      { type: 'rule-text', props: { content: rules, html: '${data.detail.rule_html}' } },
      { type: 'text', props: { text: '**不是 Markdown 块**' } },
      { type: 'list', props: { items: '${data.list}', item: { type: 'markdown', props: { content: '${item.body}' } } } },
    ]);
    expect(withLiteralMarkdownHtml(config)).toBe(config);
  });

  it('drops raw HTML and unsafe links as an article does', () => {
    const out = withLiteralMarkdownHtml(
      page([{ type: 'rule-text', props: { content: '1. <script>alert(1)</script>\n2. [客服](javascript:alert(1))' } }]),
    ) as unknown as { blocks: Array<Block> };
    expect(out.blocks[0]?.props.html).not.toMatch(/<script|javascript:/);
  });
});

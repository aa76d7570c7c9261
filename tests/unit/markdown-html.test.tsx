import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MarkdownBlock from '../../src/blocks/markdown/MarkdownBlock';
import { articleUrl } from '../../src/protocol/markdown/options';
import { renderArticleHtml } from '../../src/server/areas/articles/article-html';
import { fakeBlockProps } from '../support/block-props';
import { renderAll } from '../support/render-all';

/**
 * The server's `content_html` is the client's rendering of the same Markdown: same renderer, same options
 * (src/protocol/markdown/options.ts). So the markdown block draws the same body whether a page passes `html` or only
 * `content`, and what the server sends is as safe as what the client drew before.
 */
const TRICKY: Record<string, string> = {
  table: '| 信息 | 目的 | 是否必需 |\n|:---|:---:|---:|\n| 手机号 | 登录 | 是 |\n| 设备标识 | 安全风控 | 否 |',
  lists: '1. 第一\n2. 第二\n   - 嵌套 *斜体*\n   - `代码`\n\n- [x] 已完成\n- [ ] 未完成\n\n~~删除线~~ 与 https://www.example.cn 自动链接',
  script: '前\n\n<script>alert(1)</script>\n\n后 <b onclick="x()">粗</b>',
  rawImg: '<img src=x onerror="alert(2)">\n\n文字',
  iframe: '<iframe src="https://evil.example"></iframe>\n\n<div style="position:fixed">盖住</div>',
  javascriptLink: '[点我](javascript:alert(1)) [大写](JAVASCRIPT:alert(1)) [数据](data:text/html,<script>alert(1)</script>)',
  links: '[详情](/news/detail/2?from=a#x) [官网](https://www.example.cn/a "官网") [邮件](mailto:a@b.cn) [另一站](//evil.example/a)',
  images: '![图](https://cdn.example/p.png "标题")\n\n![](/media/a.png)\n\n![坏](javascript:alert(1))',
  headingsAndQuotes: '# 一\n\n## 二\n\n> 引用\n> 第二行\n\n---\n\n```ts\nconst a = "<b>";\n```',
  entities: 'a &lt; b & c > d "引号" \'单\'',
};

const ALL = Object.values(TRICKY).join('\n\n');

describe('server HTML = client renderer', () => {
  for (const [name, md] of Object.entries(TRICKY)) {
    it(`${name}: the server's HTML equals the client's text path`, async () => {
      const client = await renderAll(<MarkdownBlock {...fakeBlockProps('markdown', { content: md }).blockProps} />);
      expect(client).toBe(`<article class="bk-md" data-testid="markdown"><div class="bk-md-body">${renderArticleHtml(md)}</div></article>`);
    });
  }

  it('the block draws the same page from html as from content', async () => {
    const fromText = await renderAll(<MarkdownBlock {...fakeBlockProps('markdown', { title: 'T', content: ALL }).blockProps} />);
    const fromHtml = renderToStaticMarkup(
      <MarkdownBlock {...fakeBlockProps('markdown', { title: 'T', content: ALL, html: renderArticleHtml(ALL) }).blockProps} />,
    );
    expect(fromHtml).toBe(fromText);
    expect(fromHtml).toContain('<table>');
  });

  it('keeps the structure: GFM table with alignment, nested and task lists, strikethrough, autolinks', () => {
    const table = renderArticleHtml(TRICKY.table as string);
    expect(table).toContain('<table><thead><tr><th style="text-align:left">信息</th>');
    expect(table).toContain('<td style="text-align:right">是</td>');
    const lists = renderArticleHtml(TRICKY.lists as string);
    expect(lists).toContain('<ol>');
    expect(lists).toContain('<em>斜体</em>');
    expect(lists).toContain('<input type="checkbox" disabled="" checked=""/>');
    expect(lists).toContain('<del>删除线</del>');
    expect(lists).toContain('<a href="https://www.example.cn">https://www.example.cn</a>');
  });

  it('drops raw HTML: no script, iframe, style, inline handler or element of the author’s', () => {
    const html = renderArticleHtml(ALL);
    for (const bad of [/<script/i, /<iframe/i, /onerror/i, /onclick/i, /<div/i, /position:fixed/, /<b>粗/]) expect(html).not.toMatch(bad);
    expect(renderArticleHtml(TRICKY.script as string)).toBe('<p>前</p>\n\n<p>后 粗</p>');
    expect(renderArticleHtml(TRICKY.rawImg as string)).toBe('\n<p>文字</p>');
  });

  it('drops javascript: and data: URLs in links and images, keeps site, http(s) and mailto links', () => {
    const html = renderArticleHtml(ALL);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain('data:text');
    expect(renderArticleHtml(TRICKY.javascriptLink as string)).toBe('<p><a>点我</a> <a>大写</a> <a>数据</a></p>');
    const links = renderArticleHtml(TRICKY.links as string);
    expect(links).toContain('<a href="/news/detail/2?from=a#x">详情</a>');
    expect(links).toContain('<a href="https://www.example.cn/a" title="官网">官网</a>');
    expect(links).toContain('<a href="mailto:a@b.cn">邮件</a>');
    expect(links).toContain('<a href="//evil.example/a">另一站</a>'); // a plain link: the client navigates only /… paths
    expect(articleUrl('vbscript:x')).toBeUndefined();
    expect(articleUrl('/a:b')).toBe('/a:b');
    expect(articleUrl('tel:10086')).toBe('tel:10086');
  });

  it('draws images lazy, async, with an alt', () => {
    expect(renderArticleHtml(TRICKY.images as string)).toBe(
      '<p><img alt="图" loading="lazy" decoding="async" src="https://cdn.example/p.png" title="标题"/></p>\n' +
        '<p><img alt="" loading="lazy" decoding="async" src="/media/a.png"/></p>\n' +
        '<p><img alt="坏" loading="lazy" decoding="async"/></p>',
    );
  });
});

import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { renderAll } from '../../../tests/support/render-all';
import MarkdownBlock from './MarkdownBlock';
import type { MarkdownProps } from './props.gen';

function render(props: MarkdownProps) {
  return renderAll(
    <MemoryRouter>
      <MarkdownBlock {...fakeBlockProps('markdown', props).blockProps} />
    </MemoryRouter>,
  );
}

describe('markdown block', () => {
  it('renders title, meta and Markdown structure', async () => {
    const html = await render({
      title: '报名通知',
      meta: '来源：教育考试院 · 3 天前',
      content: '## 时间\n\n**6 月** 考试\n\n1. 第一条\n2. 第二条',
    });
    expect(html).toContain('<h1 class="bk-md-title">报名通知</h1>');
    expect(html).toContain('<p class="bk-md-meta">来源：教育考试院 · 3 天前</p>');
    expect(html).toContain('<h2>时间</h2>');
    expect(html).toContain('<strong>6 月</strong>');
    expect(html).toContain('<li>第一条</li>');
  });

  it('drops raw HTML: no script, no iframe, no inline handlers', async () => {
    const html = await render({
      content:
        'before\n\n<script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>\n\n<img src=x onerror="alert(2)">\n\nafter <b onclick="x()">bold</b>',
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('onclick');
    expect(html).toContain('before');
    expect(html).toContain('after');
  });

  it('neutralizes javascript: links, keeps http(s) and site links, lazy images', async () => {
    const html = await render({
      content: '[x](javascript:alert(1)) [官网](https://www.example.cn/a) [详情](/news/detail/2)\n\n![图](https://cdn.example/p.png)',
    });
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://www.example.cn/a"');
    expect(html).toContain('href="/news/detail/2"');
    expect(html).toContain('<img alt="图" loading="lazy" decoding="async" src="https://cdn.example/p.png"/>');
  });

  it('renders an empty body when the content is missing', async () => {
    const html = await render({ content: undefined as unknown as string });
    expect(html).toContain('<div class="bk-md-body"></div>');
  });

  it('with html, sets it as the body and does not render the Markdown', async () => {
    const html = await render({ title: 'T', content: '# not this', html: '<p>服务端<a href="/news/detail/2">详情</a></p>' });
    expect(html).toContain('<div class="bk-md-body"><p>服务端<a href="/news/detail/2">详情</a></p></div>');
    expect(html).not.toContain('not this');
  });

  it('an empty html falls back to the Markdown text', async () => {
    const html = await render({ content: '**粗**', html: '' });
    expect(html).toContain('<div class="bk-md-body"><p><strong>粗</strong></p></div>');
  });
});

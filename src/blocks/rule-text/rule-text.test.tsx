import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { renderAll } from '../../../tests/support/render-all';
import type { RuleTextProps } from './props.gen';
import RuleTextBlock, { placeholderLines, ruleTitle } from './RuleTextBlock';

const rules = '1. 活动时间：6 月 1 日至 6 月 30 日\n2. 每个手机号限领一次\n3. 邀请 3 人注册可得奖励\n4. 最终解释权归主办方所有';
const render = (props: RuleTextProps) => renderAll(<RuleTextBlock {...fakeBlockProps('rule-text', props).blockProps} />);

describe('rule-text block', () => {
  it('defaults the title and hides it when empty', () => {
    expect(ruleTitle(undefined)).toBe('活动规则');
    expect(ruleTitle('')).toBe('');
    expect(ruleTitle('邀请规则')).toBe('邀请规则');
  });

  it('renders the rules as an ordered list in a card', async () => {
    const html = await render({ content: rules });
    expect(html).toContain('<h2 class="bk-rules-title">活动规则</h2>');
    expect(html).toContain('bk-rules-card');
    expect(html).toContain('<ol>');
    expect(html.match(/<li>/g)).toHaveLength(4);
    expect(html).toContain('<li>每个手机号限领一次</li>');
    expect(html).not.toContain('bk-rules-toggle');
    expect(html).not.toContain('bk-rules-folded');
  });

  it('starts collapsed with a 展开 toggle when collapsible', async () => {
    const html = await render({ content: rules, collapsible: true, variant: 'plain', title: '' });
    expect(html).toContain('bk-rules-plain');
    expect(html).toContain('bk-rules-folded');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('>展开</button>');
    expect(html).not.toContain('bk-rules-title');
  });

  it('drops raw HTML in the rules', async () => {
    const html = await render({ content: '1. a<script>alert(1)</script>\n2. <img src=x onerror=alert(1)>b' });
    expect(html).not.toMatch(/<script|onerror/i);
    expect(html.match(/<li>/g)).toHaveLength(2);
  });

  it('drops links with unsafe schemes, as articles do', async () => {
    const html = await render({ content: '1. [客服](javascript:alert(1))\n2. [规则](/news/detail/5)' });
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="/news/detail/5"');
  });

  it('keeps the space of the lines it will draw', () => {
    expect(placeholderLines('')).toBe(0);
    expect(placeholderLines(rules)).toBe(4);
    expect(placeholderLines('**奖品设置**：书\n\n**主办方**：备考团队')).toBe(2);
  });

  it('shows the server HTML as it is, without the Markdown renderer', async () => {
    const html = await render({ content: rules, html: '<ol><li>服务器渲染的规则</li></ol>', variant: 'plain', title: '' });
    expect(html).toContain('<ol><li>服务器渲染的规则</li></ol>');
    expect(html).not.toContain('每个手机号限领一次');
  });
});

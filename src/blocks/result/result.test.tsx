import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { ResultProps } from './props.gen';
import ResultBlock, { buttonsNode } from './ResultBlock';

const render = (props: ResultProps) => {
  const f = fakeBlockProps('result', props);
  return { html: renderToStaticMarkup(<ResultBlock {...f.blockProps} />), renderBlocks: f.renderBlocks };
};

describe('ResultBlock', () => {
  it('shows the status icon, title and text', () => {
    const { html } = render({ status: 'success', title: '申请已提交', text: '审核结果会通过短信通知你' });
    expect(html).toContain('data-testid="result-success"');
    expect(html).toContain('data-status="success"');
    expect(html).toContain('<h2 class="result-title">申请已提交</h2>');
    expect(html).toContain('审核结果会通过短信通知你');
  });
  it('falls back to a default title per status', () => {
    expect(render({ status: 'error' }).html).toContain('操作失败');
    expect(render({ status: 'waiting' }).html).toContain('处理中');
    expect(render({ status: 'empty' }).html).toContain('<p class="result-text">暂无内容</p>');
  });
  it('shows an image instead of the icon when given', () => {
    const { html } = render({ status: 'empty', image: '/media/empty/list.svg', title: '还没有订单' });
    expect(html).toContain('src="/media/empty/list.svg"');
    expect(html).not.toContain('result-icon');
  });
  it('draws its buttons through a button-bar node, actions left raw', () => {
    const buttons = [{ text: '返回首页', actions: [{ action: 'navigate' as const, to: '/' }] }];
    const { html, renderBlocks } = render({ status: 'error', buttons });
    expect(html).toContain('result-actions');
    expect(renderBlocks).toHaveBeenCalledWith([{ type: 'button-bar', props: { buttons, layout: 'column' } }]);
  });
  it('draws no button area without buttons', () => {
    expect(buttonsNode(undefined)).toBeUndefined();
    expect(buttonsNode([])).toBeUndefined();
    expect(render({ status: 'info' }).html).not.toContain('result-actions');
  });
});

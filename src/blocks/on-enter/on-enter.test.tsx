import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { definition } from './definition';
import OnEnterBlock from './OnEnterBlock';
import type { OnEnterProps } from './props.gen';
import { runOnce } from './run-once';

const props: OnEnterProps = {
  actions: [{ action: 'call', endpoint: 'study.strategy_view', params: { id: '${route.strategyId}' } }],
};

describe('on-enter block', () => {
  it('renders nothing and does not run while rendering', () => {
    const { blockProps, run } = fakeBlockProps('on-enter', props);
    expect(renderToStaticMarkup(<OnEnterBlock {...blockProps} />)).toBe('');
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps its actions raw, so templates are resolved when they run', () => {
    expect(definition.rawProps).toEqual(['actions']);
  });

  it('runOnce fires the first time only', () => {
    const latch = { current: false };
    const fn = vi.fn();
    expect(runOnce(latch, fn)).toBe(true);
    expect(runOnce(latch, fn)).toBe(false);
    expect(runOnce(latch, fn)).toBe(false);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

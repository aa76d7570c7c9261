import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import ProgressBarBlock, { percentOf } from './ProgressBarBlock';
import type { ProgressBarProps } from './props.gen';

const render = (props: ProgressBarProps) =>
  renderToStaticMarkup(<ProgressBarBlock {...fakeBlockProps('progress-bar', props).blockProps} />);

describe('progress-bar block', () => {
  it('fills to the percent and says it, as a progressbar with its label', () => {
    const html = render({ value: 37.5, label: '已学' });
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="38"');
    expect(html).toContain('aria-label="已学"');
    expect(html).toContain('style="width:37.5%"');
    expect(html).toContain('>38%<');
  });

  it('clamps to 0–100, reads numeric strings, and can hide the number', () => {
    expect(percentOf('60')).toBe(60);
    expect(percentOf(140)).toBe(100);
    expect(percentOf(-3)).toBe(0);
    expect(percentOf(undefined)).toBe(0);
    expect(percentOf('abc')).toBe(0);
    const html = render({ value: '', showValue: false, tone: 'success' });
    expect(html).toContain('pb-success');
    expect(html).toContain('aria-valuenow="0"');
    expect(html).not.toContain('%<');
  });
});

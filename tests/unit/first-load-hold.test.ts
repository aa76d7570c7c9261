import { describe, expect, it } from 'vitest';
import type { SourceState } from '../../src/runtime/block-api';
import { firstScreenReady } from '../../src/runtime/skeleton';

const state = (over: Partial<SourceState>): SourceState => ({
  data: undefined,
  loading: false,
  loaded: false,
  paged: false,
  error: '',
  errorCode: 0,
  ...over,
});

describe('the landing page holds its skeleton until its first screen answered', () => {
  it('waits for a source still loading or not started', () => {
    expect(firstScreenReady(['detail'], {}, [])).toBe(false);
    expect(firstScreenReady(['detail'], { detail: state({ loading: true }) }, [])).toBe(false);
  });
  it('is ready once every source answered, with data or an error', () => {
    expect(firstScreenReady(['a', 'b'], { a: state({ loaded: true, data: 1 }), b: state({ error: '网络异常' }) }, [])).toBe(true);
  });
  it('does not wait for a source whose `when` is false (it would never answer)', () => {
    expect(firstScreenReady(['point', 'list'], { list: state({ loaded: true, data: [] }) }, ['point'])).toBe(true);
    expect(firstScreenReady(['point', 'list'], {}, ['point'])).toBe(false);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from '../../src/shell/LoadingOverlay';
import { requestEnded, requestStarted, uiState } from '../../src/state/ui';

describe('global loading overlay', () => {
  it('is visible exactly while requests are in flight', () => {
    expect(renderToStaticMarkup(<LoadingOverlay />)).toBe('');
    requestStarted();
    requestStarted();
    expect(uiState.inflight).toBe(2);
    expect(renderToStaticMarkup(<LoadingOverlay />)).toContain('data-testid="loading-overlay"');
    requestEnded();
    expect(renderToStaticMarkup(<LoadingOverlay />)).toContain('data-testid="loading-overlay"');
    requestEnded();
    expect(renderToStaticMarkup(<LoadingOverlay />)).toBe('');
  });

  it('never counts below zero', () => {
    requestEnded();
    expect(uiState.inflight).toBe(0);
  });
});

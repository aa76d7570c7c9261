import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/i18n';
import { EnvProvider } from '../../src/runtime/env';
import { FeedbackButton } from '../../src/shell/feedback/FeedbackButton';
import { FeedbackPopup } from '../../src/shell/feedback/FeedbackPopup';
import {
  BUTTON_MARGINS,
  clampPosition,
  defaultPosition,
  FEEDBACK_MAX,
  isDrag,
  PAGE_URL_MAX,
  parseStoredPosition,
  type SubmitDeps,
  SWIPE_THRESHOLD,
  submitFeedback,
  truncateFeedback,
} from '../../src/shell/feedback/feedback-logic';
import { feedbackDraft } from '../../src/shell/feedback/feedback-state';
import { uiState } from '../../src/state/ui';
import { fakeEnv } from '../support/fake-env';

const phone = { width: 390, height: 844 };

describe('clampPosition', () => {
  it('keeps 52 px to the right and 50 px to the bottom edge', () => {
    expect(clampPosition({ x: 1000, y: 2000 }, phone, BUTTON_MARGINS)).toEqual({ x: 338, y: 794 });
    expect(clampPosition({ x: -40, y: -1 }, phone)).toEqual({ x: 0, y: 0 });
    expect(clampPosition({ x: 100, y: 200 }, phone)).toEqual({ x: 100, y: 200 });
    expect(clampPosition({ x: 338, y: 794 }, phone)).toEqual({ x: 338, y: 794 });
  });

  it('pins to 0 when the viewport is smaller than the margins, and treats NaN as 0', () => {
    expect(clampPosition({ x: 30, y: 30 }, { width: 40, height: 20 })).toEqual({ x: 0, y: 0 });
    expect(clampPosition({ x: Number.NaN, y: Number.POSITIVE_INFINITY }, phone)).toEqual({ x: 0, y: 0 });
  });

  it('always lands inside the allowed box and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.integer({ min: 52, max: 3000 }),
        fc.integer({ min: 50, max: 3000 }),
        (x, y, width, height) => {
          const vp = { width, height };
          const p = clampPosition({ x, y }, vp);
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.x).toBeLessThanOrEqual(width - 52);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeLessThanOrEqual(height - 50);
          expect(clampPosition(p, vp)).toEqual(p);
        },
      ),
    );
  });
});

describe('isDrag (swipe threshold 50)', () => {
  it('is a tap under 50 px of travel and a drag from 50 px on', () => {
    expect(SWIPE_THRESHOLD).toBe(50);
    expect(isDrag(0, 0)).toBe(false);
    expect(isDrag(10, 0)).toBe(false);
    expect(isDrag(49, 0)).toBe(false);
    expect(isDrag(0, -49.9)).toBe(false);
    expect(isDrag(50, 0)).toBe(true);
    expect(isDrag(0, -50)).toBe(true);
    expect(isDrag(30, 40)).toBe(true); // 50 px diagonally
    expect(isDrag(30, 39)).toBe(false);
    expect(isDrag(120, 0)).toBe(true);
    expect(isDrag(10, 0, 5)).toBe(true);
  });
});

describe('stored and default positions', () => {
  it('starts at the right edge, inside the viewport', () => {
    const p = defaultPosition(phone);
    expect(p).toEqual(clampPosition(p, phone));
    expect(p.x).toBeGreaterThan(phone.width / 2);
  });

  it('accepts only finite {x, y} numbers', () => {
    expect(parseStoredPosition({ x: 3, y: 4 })).toEqual({ x: 3, y: 4 });
    for (const bad of [null, 'x', 5, {}, { x: '3', y: 4 }, { x: 3 }, { x: Number.NaN, y: 1 }]) {
      expect(parseStoredPosition(bad)).toBeNull();
    }
  });
});

describe('truncateFeedback', () => {
  it('cuts to 300 characters', () => {
    expect(FEEDBACK_MAX).toBe(300);
    expect(truncateFeedback('好'.repeat(350))).toBe('好'.repeat(300));
    expect(truncateFeedback('abc')).toBe('abc');
    expect(truncateFeedback('a'.repeat(300))).toHaveLength(300);
  });

  it('never leaves half of a surrogate pair', () => {
    const text = `${'a'.repeat(299)}😀tail`;
    expect(truncateFeedback(text)).toBe('a'.repeat(299));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (s) => {
        const cut = truncateFeedback(s);
        expect(cut.length).toBeLessThanOrEqual(300);
        expect(s.startsWith(cut)).toBe(true);
        const last = cut.charCodeAt(cut.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      }),
    );
  });
});

describe('submitFeedback', () => {
  const messages = { empty: i18n.shell.feedback.empty, thanks: i18n.shell.feedback.thanks, failed: '网络异常' };
  function deps(reply: { status: number; msg: string }) {
    const toasts: string[] = [];
    const send = vi.fn<SubmitDeps['send']>(async () => reply);
    return { toasts, send, deps: { send, toast: (t: string) => toasts.push(t), pageUrl: 'https://x.test/a?b=1', messages } };
  }

  it('sends nothing for empty or blank text and shows 请填写反馈建议', async () => {
    for (const text of ['', '   ', '\n\t ']) {
      const d = deps({ status: 0, msg: 'ok' });
      expect(await submitFeedback(text, d.deps)).toBe('empty');
      expect(d.send).not.toHaveBeenCalled();
      expect(d.toasts).toEqual(['请填写反馈建议']);
    }
  });

  it('posts the trimmed text and the page url, then thanks the user', async () => {
    const d = deps({ status: 0, msg: 'ok' });
    expect(await submitFeedback('  很好用 ', d.deps)).toBe('sent');
    expect(d.send).toHaveBeenCalledWith({ content: '很好用', page_url: 'https://x.test/a?b=1' });
    expect(d.toasts).toEqual(['感谢您的反馈，您的建议将帮助我们更好地了解您的需求']);
  });

  it('never sends more than 300 characters or a page url the server would refuse', async () => {
    const d = deps({ status: 0, msg: 'ok' });
    await submitFeedback('长'.repeat(400), { ...d.deps, pageUrl: `https://x.test/${'p'.repeat(600)}` });
    const input = d.send.mock.calls[0]?.[0];
    expect(input?.content).toHaveLength(300);
    expect(input?.page_url).toHaveLength(PAGE_URL_MAX);
  });

  it('shows the server message on failure (the caller keeps the text)', async () => {
    const d = deps({ status: 1, msg: 'content 不能超过 300 个字符' });
    expect(await submitFeedback('x', d.deps)).toBe('failed');
    expect(d.toasts).toEqual(['content 不能超过 300 个字符']);
    const silent = deps({ status: -1, msg: '' });
    await submitFeedback('x', silent.deps);
    expect(silent.toasts).toEqual(['网络异常']);
  });
});

describe('feedback components', () => {
  afterEach(() => {
    uiState.page = null;
    uiState.popup = null;
    feedbackDraft.text = '';
  });
  const env = fakeEnv();
  const html = (c: () => unknown) => renderToStaticMarkup(createElement(EnvProvider, { value: env }, createElement(c as () => null)));

  it('hides the button on routes with no name and where meta hides it', () => {
    uiState.page = null;
    expect(html(FeedbackButton)).toBe('');
    uiState.page = { name: 'news-detail', hideHome: false, hideFeedback: true };
    expect(html(FeedbackButton)).toBe('');
    uiState.page = { name: 'study-home', hideHome: false, hideFeedback: false };
    expect(html(FeedbackButton)).toContain('data-testid="feedback-button"');
    expect(html(FeedbackButton)).toContain('反馈');
  });

  it('renders the popup only while uiState.popup is feedback, with the counter', () => {
    expect(html(FeedbackPopup)).toBe('');
    uiState.popup = 'customerService';
    expect(html(FeedbackPopup)).toBe('');
    uiState.popup = 'feedback';
    feedbackDraft.text = '你好';
    const out = html(FeedbackPopup);
    expect(out).toContain('role="dialog"');
    expect(out).toContain('意见反馈');
    expect(out).toContain('>2/300<');
    expect(out).toContain('>你好</textarea>');
  });
});

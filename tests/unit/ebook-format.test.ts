/** E-book display rules (src/format/ebook.ts) and their expression formatters: length, percent read, reading label. */
import { describe, expect, it } from 'vitest';
import { charCount, readLabel, readPercent } from '../../src/format/ebook';
import { compileTemplate } from '../../src/runtime/expr';

function render(text: string, scope: Record<string, unknown>): unknown {
  const c = compileTemplate(text);
  if (!c.ok) throw new Error(c.error.message);
  return c.run(scope);
}

describe('e-book display rules', () => {
  it('length: characters under ten thousand, else 万字 with one decimal', () => {
    expect(charCount(5771)).toBe('5,771 字');
    expect(charCount(0)).toBe('0 字');
    expect(charCount(9999)).toBe('9,999 字');
    expect(charCount(10000)).toBe('1 万字');
    expect(charCount(37300)).toBe('3.7 万字');
    expect(charCount(24865)).toBe('2.5 万字');
    expect(charCount(129960)).toBe('13 万字');
  });

  it('percent read: 0 at the start, at least 1 once past it, 100 only at the end', () => {
    expect(readPercent(0)).toBe(0);
    expect(readPercent(0.0004)).toBe(1);
    expect(readPercent(0.186)).toBe(18);
    expect(readPercent(0.9999)).toBe(99);
    expect(readPercent(1)).toBe(100);
    expect(readPercent('0.5')).toBe(50);
    for (const bad of [undefined, null, '', 'x', Number.NaN, -0.2, {}]) expect(readPercent(bad)).toBe(0);
  });

  it('reading label: 未开始 without a record, else 已读 N% from its place', () => {
    expect(readLabel(null)).toBe('未开始');
    expect(readLabel(undefined)).toBe('未开始');
    expect(readLabel({ anchor_point: { fraction: 0.186 } })).toBe('已读 18%');
    expect(readLabel({ anchor_point: null })).toBe('已读 0%');
  });

  it('page configs use them as formatters', () => {
    const scope = { item: { char_count: 37300, chapter_count: 5, record: { anchor_point: { fraction: 0.42 } } }, none: { record: null } };
    expect(render('共 ${item.chapter_count} 章 · ${charCount(item.char_count)}', scope)).toBe('共 5 章 · 3.7 万字');
    expect(render('${readPercent(item.record.anchor_point.fraction)}', scope)).toBe(42);
    expect(render('${readLabel(item.record)}', scope)).toBe('已读 42%');
    expect(render('${readLabel(none.record)}', scope)).toBe('未开始');
    expect(render('${charCount(item.missing)}', scope)).toBe('');
  });
});

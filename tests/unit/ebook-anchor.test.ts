import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANCHOR_PREVIEW_LENGTH, DEFAULT_FONT_SIZE } from '../../src/contract/ebooks';
import { clampPlace, comparePlaces, fractionAt, PREVIEW_LENGTH, previewAt } from '../../src/protocol/anchor';
import { splitSpans } from '../../src/server/content/kinds/ebooks';

describe('anchor points (spec §3, §9)', () => {
  it('the preview is 20 characters from the offset, on one line; the default font size is 18', () => {
    expect(PREVIEW_LENGTH).toBe(20);
    expect(ANCHOR_PREVIEW_LENGTH).toBe(20);
    expect(DEFAULT_FONT_SIZE).toBe(18);
    const text = '唯物辩证法的总特征是联系的观点和发展的观点，\n  矛盾是事物发展的根本动力。';
    expect(previewAt(text)).toBe('唯物辩证法的总特征是联系的观点和发展的观');
    expect(previewAt(text, 19)).toBe('观点， 矛盾是事物发展的根本动力。');
    expect(previewAt(text, 19).length).toBeLessThanOrEqual(20);
  });

  it('the fraction counts the chapters before, the spans before and the offset', () => {
    const size = { startChars: 1000, spanLengths: [100, 50, 200] };
    expect(fractionAt(4000, size, 0, 0)).toBe(0.25);
    expect(fractionAt(4000, size, 2, 50)).toBe((1000 + 150 + 50) / 4000);
    expect(fractionAt(0, size, 2, 50)).toBe(0);
  });

  it('a place is clamped into the chapter', () => {
    const size = { startChars: 0, spanLengths: [10, 5] };
    expect(clampPlace(size, 7, 3)).toEqual({ span: 1, offset: 3 });
    expect(clampPlace(size, 1, 99)).toEqual({ span: 1, offset: 4 });
    expect(clampPlace(size, -2, -1)).toEqual({ span: 0, offset: 0 });
  });

  it('property: the fraction grows with the place and stays in [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (lens, s1, o1, s2, o2) => {
          const total = lens.reduce((a, b) => a + b, 0);
          const size = { startChars: 0, spanLengths: lens };
          const a = clampPlace(size, s1 % lens.length, o1);
          const b = clampPlace(size, s2 % lens.length, o2);
          const fa = fractionAt(total, size, a.span, a.offset);
          const fb = fractionAt(total, size, b.span, b.offset);
          expect(fa).toBeGreaterThanOrEqual(0);
          expect(fa).toBeLessThanOrEqual(1);
          const order = comparePlaces({ chapterIndex: 1, ...a }, { chapterIndex: 1, ...b });
          if (order < 0) expect(fa).toBeLessThan(fb);
          if (order === 0) expect(fa).toBe(fb);
        },
      ),
    );
  });
});

describe('chapter text becomes anchored spans', () => {
  it('paragraphs split on blank lines, ## lines are subheadings, line breaks inside a paragraph join', () => {
    expect(splitSpans('第一段第一行\n第一段第二行\n\n## 小节\n\n第二段\n\n\n- 要点一\n\n- 要点二')).toEqual([
      { kind: 'p', text: '第一段第一行 第一段第二行' },
      { kind: 'h', text: '小节' },
      { kind: 'p', text: '第二段' },
      { kind: 'li', text: '要点一' },
      { kind: 'li', text: '要点二' },
    ]);
  });
  it('list items are spans of their own, bullets without their marker, numbered ones with their number', () => {
    expect(splitSpans('要点：\n\n- 在语境中记\n- 用词根记\n\n1. 先读例句\n2. 再造句子\n\n- 半个列表\n不是列表的一行')).toEqual([
      { kind: 'p', text: '要点：' },
      { kind: 'li', text: '在语境中记' },
      { kind: 'li', text: '用词根记' },
      { kind: 'ol', text: '1. 先读例句' },
      { kind: 'ol', text: '2. 再造句子' },
      { kind: 'p', text: '- 半个列表 不是列表的一行' },
    ]);
  });
});

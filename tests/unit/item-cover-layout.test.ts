import { describe, expect, it } from 'vitest';
import { widthOfText } from '../../src/server/media/book-cover';
import { itemCoverSvg } from '../../src/server/media/item-cover';

/** The bold title lines of a cover: text, baseline, size. */
function titleLines(svg: string) {
  return [...svg.matchAll(/<text x="(\d+)" y="(\d+)" font-size="(\d+)" font-weight="700"[^>]*>([^<]+)<\/text>/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    size: Number(m[3]),
    text: m[4] ?? '',
  }));
}

const LONG = [
  '2026年下半年英语四级报名入口开通，各地时间一览',
  '近五年英语四级段落翻译命题规律分析',
  '英语四级考场上最容易丢分的十个细节',
  '理科生备考英语四级：如何在专业课之余挤出时间',
  '计算机二级 Python 程序设计高频考点与编程要点全梳理',
];

describe('item covers: the title never runs into the label or the drawing', () => {
  for (const [w, h] of [
    [320, 200],
    [300, 300],
  ] as const) {
    for (const title of LONG) {
      it(`${w}×${h}: ${title}`, () => {
        const svg = itemCoverSvg({ title, subject: '英语四级', glyph: 'news', label: '资讯' }, w, h);
        const labelY = Number(/<text x="\d+" y="(\d+)"[^>]*fill-opacity="0.88"[^>]*>资讯<\/text>/.exec(svg)?.[1]);
        const glyph = /translate\((\d+) (\d+)\) scale/.exec(svg);
        const glyphX = Number(glyph?.[1]);
        const glyphY = Number(glyph?.[2]);
        const lines = titleLines(svg);
        expect(lines.length).toBeGreaterThan(0);
        for (const l of lines) {
          // Above the label line (its text is about labelFont tall).
          expect(l.y).toBeLessThan(labelY - 8);
          // A line reaching down to the drawing ends before it.
          if (l.y >= glyphY) expect(l.x + widthOfText(l.text) * l.size).toBeLessThanOrEqual(glyphX);
        }
      });
    }
  }
});

/** Generated e-book covers (src/server/media/book-cover.ts): the title set in lines that fit the cover. */
import { describe, expect, it } from 'vitest';
import { bookCoverSvg, coverTitle, titleLines } from '../../src/server/media/book-cover';

describe('e-book cover', () => {
  it('sets a Chinese title in lines of seven characters', () => {
    expect(titleLines('四六级高频词汇精讲笔记')).toEqual(['四六级高频词汇', '精讲笔记']);
  });

  it('breaks between words, never inside 词汇 or 核心', () => {
    expect(titleLines('考研政治马原核心考点精讲')).toEqual(['考研政治马原', '核心考点精讲']);
    expect(titleLines('科目一理论考试易错题解析')).toEqual(['科目一理论考试', '易错题解析']);
  });

  it('sets what follows a ： as a smaller subtitle, and a main title of eight characters on one smaller line', () => {
    expect(coverTitle('考研英语写作指南：从审题到范文')).toEqual({ main: ['考研英语写作指南'], size: 28, sub: ['从审题到范文'] });
    expect(coverTitle('四六级高频词汇精讲笔记')).toEqual({ main: ['四六级高频词汇', '精讲笔记'], size: 32, sub: [] });
  });

  it('keeps Latin words whole and counts them narrower', () => {
    expect(titleLines('计算机二级 Python 编程要点')).toEqual(['计算机二级', 'Python', '编程要点']);
    expect(titleLines('Python')).toEqual(['Python']);
  });

  it('cuts a very long title at four lines with an ellipsis', () => {
    const lines = titleLines('一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一二三');
    expect(lines).toHaveLength(4);
    expect(lines[3]?.endsWith('…')).toBe(true);
  });

  it('escapes the text and is a portrait 3:4 SVG', () => {
    const svg = bookCoverSvg('A<B & "C"', '作者<script>');
    expect(svg).toContain('viewBox="0 0 300 400"');
    expect(svg).toContain('A&lt;B &amp; &quot;C&quot;');
    expect(svg).toContain('作者&lt;script&gt;');
    expect(svg).not.toContain('<script>');
  });
});

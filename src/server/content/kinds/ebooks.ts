/**
 * demo/ebooks/<slug>/: original e-books written for the project. `book.json` names the book, its genus and the
 * categories it is listed under, its price (fen, 0 = free) and how many leading chapters are free; `01.md`, `02.md`…
 * are the chapters (front matter `title`, body = paragraphs separated by blank lines, `## ` lines are subheadings).
 * Each paragraph or subheading becomes one anchored span of the reader.
 */
import { z } from 'zod';
import { ContentError } from '../errors';
import { text } from '../fields';
import { type ContentDir, listFiles, listFolders, readJson, readMarkdown, shownPath } from '../files';

const book = z.strictObject({
  name: text(),
  author: text(),
  intro: text(),
  genus: text(),
  categories: z.array(text()).min(1),
  price: z.int().min(0),
  free_chapters: z.int().min(0),
});
const chapterFile = z.strictObject({ title: text(), body: text() });

export interface EbookSpanContent {
  /** Paragraph, subheading, bulleted list item (marker dropped), numbered list item (its number kept). */
  kind: 'p' | 'h' | 'li' | 'ol';
  text: string;
}

const BULLET = /^[-*+]\s+/;
const NUMBERED = /^\d{1,3}[.、)]\s*/;
export interface EbookChapterContent {
  title: string;
  spans: EbookSpanContent[];
}
export type EbookContent = z.output<typeof book> & { slug: string; chapters: EbookChapterContent[] };

/**
 * Paragraphs (blank-line separated), `## ` subheadings and list items (`- ` bullets, `1. ` numbers; one span per
 * item, also when the items of a list stand on consecutive lines) of a chapter body; a line break inside a paragraph
 * joins.
 */
export function splitSpans(body: string): EbookSpanContent[] {
  return body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .flatMap((block): EbookSpanContent[] => {
      const heading = /^#{1,6}\s+(.*)$/s.exec(block);
      if (heading) return [{ kind: 'h', text: (heading[1] ?? '').replace(/\s*\n\s*/g, ' ').trim() }];
      const lines = block.split('\n').map((l) => l.trim());
      if (lines.every((l) => BULLET.test(l))) return lines.map((l) => ({ kind: 'li', text: l.replace(BULLET, '') }));
      if (lines.every((l) => NUMBERED.test(l))) return lines.map((l) => ({ kind: 'ol', text: l }));
      return [{ kind: 'p', text: block.replace(/\s*\n\s*/g, ' ') }];
    });
}

export function loadEbooks(dir: ContentDir): EbookContent[] {
  return listFolders(dir, 'demo/ebooks').map((slug) => {
    const meta = readJson(dir, `demo/ebooks/${slug}/book.json`, book);
    const chapters = listFiles(dir, `demo/ebooks/${slug}`, '.md').map((rel) => {
      const c = readMarkdown(dir, rel, chapterFile);
      const spans = splitSpans(c.body);
      if (spans.length === 0) throw new ContentError(shownPath(dir, rel), 'body', '章节正文为空');
      return { title: c.title, spans };
    });
    if (chapters.length === 0) throw new ContentError(shownPath(dir, `demo/ebooks/${slug}`), '', '没有章节文件（01.md …）');
    if (meta.free_chapters > chapters.length) {
      throw new ContentError(shownPath(dir, `demo/ebooks/${slug}/book.json`), 'free_chapters', `不能大于章节数 ${chapters.length}`);
    }
    return { ...meta, slug, chapters };
  });
}

/**
 * Generated e-book covers (`/media/ebook/<n>.svg`, the cover URLs the seed gives e-books): a portrait 3:4 book with a
 * spine, the book's title set in lines, its author and the series line, in a colour picked from the title. The e-book
 * cards and the detail page show them at 3:4.
 */

import type { FastifyInstance } from 'fastify';
import type { Services } from '../http/context';
import { escapeHtml } from '../http/escape-html';
import type { ArtworkSender } from './artwork-raster';
import { coverTone } from './cover-tones';
import { coverSvg } from './svg-art';

/** Display width of a character in ems: CJK and full-width forms 1, the rest (Latin, digits, spaces) about half. */
function widthOf(ch: string): number {
  return /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1 : 0.55;
}

export const widthOfText = (text: string) => [...text].reduce((n, ch) => n + widthOf(ch), 0);

/** Words of a title: Chinese words from the ICU word segmenter (词汇, 笔记 stay whole), Latin words, spaces. */
function words(text: string): string[] {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (Segmenter) return [...new Segmenter('zh', { granularity: 'word' }).segment(text)].map((s) => s.segment);
  return text.match(/[A-Za-z0-9.+#-]+|\s+|./gu) ?? [];
}

/**
 * The title in lines of at most `max` ems, at most `lines` lines (the last one ends with … when the title is longer),
 * broken between words; a word longer than a line is broken between characters.
 */
export function titleLines(title: string, max = 7, lines = 4): string[] {
  const out: string[] = [];
  let line = '';
  let width = 0;
  const push = () => {
    if (line.trim()) out.push(line.trim());
    line = '';
    width = 0;
  };
  for (const tok of words(title.trim())) {
    const w = widthOfText(tok);
    if (/^\s+$/.test(tok)) {
      if (width > 0) {
        line += ' ';
        width += 0.3;
      }
      continue;
    }
    if (width + w > max && width > 0) {
      // Break at the last space of the line when what follows it is short (keeps 编程要点 together after Python).
      const at = line.lastIndexOf(' ');
      const rest = at > 0 ? line.slice(at + 1) : '';
      if (rest && widthOfText(rest) <= 4) {
        line = line.slice(0, at);
        push();
        line = rest;
        width = widthOfText(rest);
      } else push();
    }
    if (w > max) {
      for (const ch of tok) {
        if (width + widthOf(ch) > max) push();
        line += ch;
        width += widthOf(ch);
      }
    } else {
      line += tok;
      width += w;
    }
  }
  push();
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${[...(kept[lines - 1] ?? '')].slice(0, -1).join('')}…`;
    return kept;
  }
  return out;
}

/** A title set for the cover: the main title (before a ：) in large lines, what follows it as a smaller subtitle. */
export function coverTitle(title: string): { main: string[]; size: number; sub: string[] } {
  const m = /^(.+?)\s*[：:]\s*(.+)$/u.exec(title.trim());
  const main = m?.[1] ?? title;
  const sub = m?.[2] ? titleLines(m[2], 10, 2) : [];
  // A main title a little longer than a line fits on one line in a smaller size.
  if (widthOfText(main) <= 8 && widthOfText(main) > 7) return { main: [main.trim()], size: 28, sub };
  const lines = titleLines(main, 7, sub.length ? 3 : 4);
  return { main: lines, size: lines.length > 3 ? 29 : 32, sub };
}

export function bookCoverSvg(title: string, author: string): string {
  const [top, bottom] = coverTone(title);
  const { main, size, sub } = coverTitle(title);
  const font = `font-family="PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif"`;
  const step = size + 12;
  let y = 124;
  const parts: string[] = [];
  for (const l of main) {
    parts.push(`<text x="46" y="${y}" font-size="${size}" font-weight="700" fill="#fff" ${font}>${escapeHtml(l)}</text>`);
    y += step;
  }
  y += 2;
  for (const l of sub) {
    parts.push(`<text x="46" y="${y}" font-size="19" fill="#fff" fill-opacity="0.9" ${font}>${escapeHtml(l)}</text>`);
    y += 28;
  }
  const ruleY = y - (sub.length ? 28 : step) + 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>
<circle cx="262" cy="330" r="96" fill="#fff" fill-opacity="0.08"/><circle cx="300" cy="250" r="52" fill="#fff" fill-opacity="0.07"/>
<rect width="22" height="400" fill="#000" fill-opacity="0.16"/><rect x="22" width="2" height="400" fill="#fff" fill-opacity="0.22"/>
<text x="46" y="56" font-size="15" letter-spacing="2" fill="#fff" fill-opacity="0.75" ${font}>备考 · 电子书</text>
${parts.join('\n')}
<rect x="46" y="${ruleY}" width="44" height="4" rx="2" fill="#fff" fill-opacity="0.85"/>
<text x="46" y="364" font-size="16" fill="#fff" fill-opacity="0.88" ${font}>${escapeHtml(author)}</text>
</svg>`;
}

/** `/media/ebook/:name`: the cover of the e-book whose cover URL it is (a generic cover when none is). */
export function registerBookCoverRoute(app: FastifyInstance, s: Services, artwork: ArtworkSender): void {
  app.get<{ Params: { name: string } }>('/media/ebook/:name', async (req, reply) => {
    const cover = `/media/ebook/${req.params.name}`;
    const book = /^[\w.-]{1,64}$/.test(req.params.name)
      ? await s.db.kysely.selectFrom('ebooks').select(['name', 'author']).where('cover', '=', cover).executeTakeFirst()
      : undefined;
    return artwork.send(req, reply, book ? bookCoverSvg(book.name, book.author) : coverSvg(`ebook/${req.params.name}`), 86400);
  });
}

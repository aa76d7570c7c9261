/** Generated covers of circles and short videos (SVG): a word video shows its word, phonetic and meaning. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_ID } from '../../contract/fields';
import type { Services } from '../http/context';
import { escapeHtml } from '../http/escape-html';
import type { ArtworkSender } from './artwork-raster';
import { colorFor } from './svg-art';

const FONT = `font-family="-apple-system, 'PingFang SC', 'Noto Sans CJK SC', sans-serif"`;

/** Splits text into lines of at most `width` units (a CJK character is 2 units, anything else 1). */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of text) {
    const w = /[\u2e80-\uffef]/.test(ch) ? 2 : 1;
    if (used + w > width) {
      lines.push(line);
      line = '';
      used = 0;
      if (lines.length === maxLines) break;
    }
    line += ch;
    used += w;
  }
  if (lines.length < maxLines && line) lines.push(line);
  else if (lines.length === maxLines && line) lines[maxLines - 1] = `${lines[maxLines - 1]?.slice(0, -1)}…`;
  return lines;
}

const play = (cx: number, cy: number) =>
  `<circle cx="${cx}" cy="${cy}" r="26" fill="#fff" fill-opacity="0.25"/><path d="M${cx - 8} ${cy - 13}v26l21-13z" fill="#fff"/>`;

/** A 3:4 cover: the word big in the middle with phonetic and meaning (word videos), or the title (others). */
export function shortVideoCoverSvg(v: { kind: string; title: string; word: string; phonetic: string; meaning: string }): string {
  const c = colorFor(v.word || v.title);
  const body =
    v.kind === 'word'
      ? `<text x="150" y="170" text-anchor="middle" font-size="${v.word.length > 11 ? 30 : v.word.length > 8 ? 38 : 48}" font-weight="bold" fill="#fff" ${FONT}>${escapeHtml(v.word)}</text>
<text x="150" y="214" text-anchor="middle" font-size="20" fill="#fff" fill-opacity="0.85" ${FONT}>${escapeHtml(v.phonetic)}</text>
${wrap(v.meaning, 24, 2)
  .map((l, i) => `<text x="150" y="${262 + i * 28}" text-anchor="middle" font-size="19" fill="#fff" ${FONT}>${escapeHtml(l)}</text>`)
  .join('\n')}`
      : wrap(v.title, 18, 4)
          .map((l, i) => `<text x="28" y="${132 + i * 40}" font-size="27" font-weight="bold" fill="#fff" ${FONT}>${escapeHtml(l)}</text>`)
          .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}" stop-opacity="0.62"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>
<circle cx="262" cy="46" r="70" fill="#fff" fill-opacity="0.1"/><circle cx="30" cy="380" r="60" fill="#fff" fill-opacity="0.08"/>
${v.kind === 'word' ? `<text x="24" y="46" font-size="16" fill="#fff" fill-opacity="0.9" ${FONT}>每日一词</text>` : ''}
${body}
${play(150, 345)}
</svg>`;
}

/** A 16:9 poster for the player: the word (or the title) on the left, a play mark on the right. */
export function widePosterSvg(v: { kind: string; title: string; word: string; phonetic: string; meaning: string }, label: string): string {
  const c = colorFor(v.word || v.title);
  const lines =
    v.kind === 'word'
      ? `<text x="48" y="150" font-size="${v.word.length > 11 ? 50 : 66}" font-weight="bold" fill="#fff" ${FONT}>${escapeHtml(v.word)}</text>
<text x="50" y="200" font-size="26" fill="#fff" fill-opacity="0.85" ${FONT}>${escapeHtml(v.phonetic)}</text>
<text x="50" y="250" font-size="26" fill="#fff" ${FONT}>${escapeHtml(wrap(v.meaning, 30, 1)[0] ?? '')}</text>`
      : wrap(v.title, 26, 3)
          .map((l, i) => `<text x="48" y="${132 + i * 52}" font-size="38" font-weight="bold" fill="#fff" ${FONT}>${escapeHtml(l)}</text>`)
          .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}" stop-opacity="0.62"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>
<circle cx="560" cy="60" r="120" fill="#fff" fill-opacity="0.1"/>
<text x="48" y="64" font-size="20" fill="#fff" fill-opacity="0.9" ${FONT}>${escapeHtml(label)}</text>
${lines}
</svg>`;
}

/** A 5:2 circle banner with its name. */
export function circleCoverSvg(name: string): string {
  const c = colorFor(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${c}" stop-opacity="0.65"/></linearGradient></defs>
<rect width="750" height="300" fill="url(#g)"/>
<circle cx="660" cy="60" r="130" fill="#fff" fill-opacity="0.12"/><circle cx="720" cy="270" r="80" fill="#fff" fill-opacity="0.1"/>
<rect x="48" y="70" width="92" height="36" rx="18" fill="#fff" fill-opacity="0.22"/>
<text x="94" y="95" text-anchor="middle" font-size="20" fill="#fff" ${FONT}>学习圈</text>
<text x="48" y="190" font-size="64" font-weight="bold" fill="#fff" ${FONT}>${escapeHtml(name)}</text>
</svg>`;
}

function idOf(raw: string): number | null {
  const id = Number.parseInt(raw, 10);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

const missing = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('图片不存在');

/**
 * `/media/circle/<id>.svg`, `/media/short-video/<id>.svg` (3:4 cover) and `<id>-wide.svg` (16:9 poster), and
 * `/media/politics-point/<id>.svg` (16:9 poster of a point's explainer video): the seed and the services point at them.
 */
export function registerCircleMediaRoutes(app: FastifyInstance, s: Services, artwork: ArtworkSender): void {
  const db = s.db.kysely;
  const send = (req: FastifyRequest, reply: FastifyReply, svg: string) => artwork.send(req, reply, svg, 3600);
  app.get<{ Params: { id: string } }>('/media/circle/:id', async (req, reply) => {
    const id = idOf(req.params.id);
    const row = id ? await db.selectFrom('circles').select('name').where('id', '=', id).executeTakeFirst() : undefined;
    return row ? send(req, reply, circleCoverSvg(row.name)) : missing(reply);
  });
  app.get<{ Params: { id: string } }>('/media/short-video/:id', async (req, reply) => {
    const id = idOf(req.params.id);
    const row = id
      ? await db.selectFrom('short_videos').select(['kind', 'title', 'word', 'phonetic', 'meaning']).where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!row) return missing(reply);
    return send(
      req,
      reply,
      /-wide\.svg$/.test(req.params.id) ? widePosterSvg(row, row.kind === 'word' ? '每日一词' : '短视频') : shortVideoCoverSvg(row),
    );
  });
  app.get<{ Params: { id: string } }>('/media/politics-point/:id', async (req, reply) => {
    const id = idOf(req.params.id);
    const row = id ? await db.selectFrom('politics_points').select('title').where('id', '=', id).executeTakeFirst() : undefined;
    return row
      ? send(req, reply, widePosterSvg({ kind: 'general', title: row.title, word: '', phonetic: '', meaning: '' }, '考点讲解'))
      : missing(reply);
  });
}

/** The 考研政治 outline: chapters with their points, and one point's notes with its neighbours and explainer video. */

import type * as politics from '../../../contract/circles-politics';
import type { OutputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { articleHtml } from '../articles';

/** Every point in outline order (chapter order, then point order); the outline is small (dozens of points). */
async function outline(s: Services) {
  const db = s.db.kysely;
  const [chapters, points] = await Promise.all([
    db.selectFrom('politics_chapters').select(['id', 'title', 'intro']).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('politics_points as p')
      .innerJoin('politics_chapters as c', 'c.id', 'p.chapter_id')
      .select(['p.id', 'p.chapter_id', 'p.title', 'p.media_key'])
      .orderBy('c.sort')
      .orderBy('c.id')
      .orderBy('p.sort')
      .orderBy('p.id')
      .execute(),
  ]);
  const items = points.map((p) => ({ id: p.id, chapter_id: p.chapter_id, title: p.title, has_video: p.media_key ? 1 : 0 }));
  return { chapters, items };
}

export async function chapterList(s: Services): Promise<OutputOf<typeof politics.chapterList>> {
  const { chapters, items } = await outline(s);
  return chapters.map((c, i) => {
    const points = items.filter((p) => p.chapter_id === c.id);
    return { ...c, index: i + 1, point_count: points.length, first_point_id: points[0]?.id ?? 0, points };
  });
}

/** A point with its notes, neighbours and video; no id: the outline's first point (404 when the outline is empty). */
export async function pointDetail(s: Services, requested: number | undefined): Promise<OutputOf<typeof politics.pointDetail_>> {
  const { chapters, items } = await outline(s);
  const id = requested ?? items[0]?.id;
  if (id === undefined) throw notFound('考点');
  const p = await s.db.kysely
    .selectFrom('politics_points as p')
    .innerJoin('politics_chapters as c', 'c.id', 'p.chapter_id')
    .select(['p.id', 'p.chapter_id', 'c.title as chapter_title', 'p.title', 'p.content', 'p.key_sentences', 'p.media_key', 'p.duration'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!p) throw notFound(`考点 id ${id} `);
  const at = items.findIndex((x) => x.id === id);
  const neighbour = (x: { id: number; title: string } | undefined) => ({ id: x?.id ?? 0, title: x?.title ?? '' });
  const play = p.media_key ? s.providers.video.playInfo({ mediaKey: p.media_key, viewerId: null }) : null;
  return {
    id: p.id,
    chapter_id: p.chapter_id,
    chapter_title: p.chapter_title,
    chapter_index: chapters.findIndex((c) => c.id === p.chapter_id) + 1,
    title: p.title,
    content: p.content,
    content_html: articleHtml(p.content),
    key_sentences: p.key_sentences.split('\n').filter((line) => line.trim() !== ''),
    prev: neighbour(at > 0 ? items[at - 1] : undefined),
    next: neighbour(items[at + 1]),
    chapter_points: items.filter((x) => x.chapter_id === p.chapter_id),
    play_url: play?.url ?? '',
    poster: play ? `/media/politics-point/${p.id}.svg` : '',
    play_expires_at: play?.expires_at ?? 0,
    duration: play ? p.duration : 0,
  };
}

/** Circles and their short videos: circle detail, the circle's list and a short video's detail with its play URL. */
import type * as circle from '../../../contract/circles';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';

/** Columns of a short video that lists show. */
const ITEM_COLUMNS = [
  'id',
  'circle_id',
  'kind',
  'title',
  'word',
  'phonetic',
  'meaning',
  'cover',
  'duration',
  'like_count',
  'comment_count',
  'published_at',
] as const;

/** The player's 16:9 poster: the generated wide variant of a generated cover, else the cover itself. */
export function posterOf(id: number, cover: string): string {
  return cover === `/media/short-video/${id}.svg` ? `/media/short-video/${id}-wide.svg` : cover;
}

async function videoCount(s: Services, circleId: number): Promise<number> {
  const row = await s.db.kysely
    .selectFrom('short_videos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('circle_id', '=', circleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function circleRow(s: Services, id: number) {
  const row = await s.db.kysely
    .selectFrom('circles')
    .select(['id', 'name', 'intro', 'cover', 'genus_id', 'member_count', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`圈子 id ${id} `);
  return row;
}

export async function circleDetail(s: Services, id: number): Promise<OutputOf<typeof circle.circleDetail>> {
  const row = await circleRow(s, id);
  return { ...row, genus_id: row.genus_id ?? 0, video_count: await videoCount(s, id) };
}

/** A page of the circle's short videos, newest first (an unknown circle is a 404, not an empty list). */
export async function shortVideoList(
  s: Services,
  f: ParsedInputOf<typeof circle.shortVideoList>,
): Promise<OutputOf<typeof circle.shortVideoList>> {
  await circleRow(s, f.circle_id);
  let q = s.db.kysely.selectFrom('short_videos').select(ITEM_COLUMNS).where('circle_id', '=', f.circle_id);
  if (f.kind) q = q.where('kind', '=', f.kind);
  const rows = await q.orderBy('published_at', 'desc').orderBy('id', 'desc').offset(f.offset).limit(f.count).execute();
  return rows.map((r) => ({ ...r, kind: r.kind as circle.ShortVideoKind }));
}

/** One short video with its circle, its neighbours in the circle's list and a fresh signed play URL. */
export async function shortVideoDetail(s: Services, id: number): Promise<OutputOf<typeof circle.shortVideoDetail_>> {
  const db = s.db.kysely;
  const v = await db
    .selectFrom('short_videos')
    .select([...ITEM_COLUMNS, 'example', 'example_translation', 'description', 'media_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!v) throw notFound(`短视频 id ${id} `);
  const [c, count, prev, next] = await Promise.all([
    circleRow(s, v.circle_id),
    videoCount(s, v.circle_id),
    // The list is newest first: the previous item is the nearest newer video, the next the nearest older one.
    db
      .selectFrom('short_videos')
      .select('id')
      .where('circle_id', '=', v.circle_id)
      .where((eb) =>
        eb.or([eb('published_at', '>', v.published_at), eb.and([eb('published_at', '=', v.published_at), eb('id', '>', v.id)])]),
      )
      .orderBy('published_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('short_videos')
      .select('id')
      .where('circle_id', '=', v.circle_id)
      .where((eb) =>
        eb.or([eb('published_at', '<', v.published_at), eb.and([eb('published_at', '=', v.published_at), eb('id', '<', v.id)])]),
      )
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const play = s.providers.video.playInfo({ mediaKey: v.media_key, viewerId: null });
  return {
    ...v,
    kind: v.kind as circle.ShortVideoKind,
    poster: posterOf(v.id, v.cover),
    play_url: play.url,
    play_expires_at: play.expires_at,
    circle: { id: c.id, name: c.name, cover: c.cover, member_count: c.member_count, video_count: count },
    prev_id: prev?.id ?? 0,
    next_id: next?.id ?? 0,
  };
}

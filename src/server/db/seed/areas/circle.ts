/**
 * The circle and politics areas' demo content (content/demo/circle/): the comment authors (demo users in the
 * 1700000xxxx range), circles, their short videos with comments and replies, and the 考研政治 outline.
 * Times are relative to the seed time: each circle's first video is the newest.
 */
import { sql, type Transaction } from 'kysely';
import type { CircleDemoContent } from '../../../content/kinds/circle';
import type { Database } from '../../schema';
import { streamSeconds } from '../media-durations';
import { hashString, intBetween, mulberry32 } from '../prng';

type Trx = Transaction<Database>;

const HOUR = 3600;

/** Comment authors as users (no one logs in with these mobiles); nickname → user id. */
async function insertAuthors(trx: Trx, content: CircleDemoContent, now: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const a of content.authors) {
    const row = await trx
      .insertInto('users')
      .values({ mobile: a.mobile, nickname: a.nickname, avatar: '', token_version: 0, created_at: now - 90 * 86400, last_login_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(a.nickname, row.id);
  }
  return ids;
}

export async function seedCircle(trx: Trx, content: CircleDemoContent, now: number): Promise<void> {
  const users = await insertAuthors(trx, content, now);
  const userId = (nickname: string) => {
    const id = users.get(nickname);
    if (id === undefined) throw new Error(`content/demo/circle: 没有作者 ${nickname}`);
    return id;
  };
  const genera = new Map((await trx.selectFrom('genera').select(['id', 'name']).execute()).map((g) => [g.name, g.id]));
  const seconds = new Map<string, number>();
  const durationOf = (media: string) => {
    let d = seconds.get(media);
    if (d === undefined) {
      d = streamSeconds(media);
      seconds.set(media, d);
    }
    return d;
  };

  for (const [ci, c] of content.circles.entries()) {
    const genusId = c.genus === '' ? null : genera.get(c.genus);
    if (genusId === undefined) throw new Error(`content/demo/circle/circles: ${c.key}: 未知大类 ${c.genus}`);
    const circle = await trx
      .insertInto('circles')
      .values({
        key: c.key,
        name: c.name,
        intro: c.intro,
        cover: '',
        genus_id: genusId,
        member_count: c.member_count,
        sort: ci,
        created_at: now - 180 * 86400,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rng = mulberry32(hashString(c.key));
    let publishedAt = now - 2 * HOUR;
    for (const [vi, v] of c.videos.entries()) {
      // Newest first: a video every 9–15 hours going back from two hours ago.
      if (vi > 0) publishedAt -= intBetween(rng, 9, 15) * HOUR;
      const video = await trx
        .insertInto('short_videos')
        .values({
          circle_id: circle.id,
          kind: v.kind,
          title: v.title,
          word: v.kind === 'word' ? v.word : '',
          phonetic: v.kind === 'word' ? v.phonetic : '',
          meaning: v.kind === 'word' ? v.meaning : '',
          example: v.kind === 'word' ? v.example : '',
          example_translation: v.kind === 'word' ? v.example_translation : '',
          description: v.kind === 'word' ? (v.note ?? '') : v.description,
          cover: '',
          media_key: v.media,
          duration: durationOf(v.media),
          like_count: v.likes,
          comment_count: v.comments?.length ?? 0,
          published_at: publishedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let at = publishedAt;
      for (const cm of v.comments ?? []) {
        at = Math.min(now - 60, at + intBetween(rng, 8, 25) * 60);
        const comment = await trx
          .insertInto('short_video_comments')
          .values({ video_id: video.id, user_id: userId(cm.by), content: cm.text, reply_count: cm.replies?.length ?? 0, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        let replyAt = at;
        for (const r of cm.replies ?? []) {
          replyAt = Math.min(now - 30, replyAt + intBetween(rng, 2, 9) * 60);
          await trx
            .insertInto('short_video_replies')
            .values({
              comment_id: comment.id,
              user_id: userId(r.by),
              reply_to_user_id: r.to === undefined ? null : userId(r.to),
              content: r.text,
              created_at: replyAt,
            })
            .execute();
        }
      }
    }
  }
  // The media routes draw the covers by id (src/server/media/circle-art.ts).
  await trx
    .updateTable('circles')
    .set({ cover: sql<string>`${'/media/circle/'} || cast(id as varchar(20)) || ${'.svg'}` })
    .execute();
  await trx
    .updateTable('short_videos')
    .set({ cover: sql<string>`${'/media/short-video/'} || cast(id as varchar(20)) || ${'.svg'}` })
    .execute();

  for (const [chi, ch] of content.politics.entries()) {
    const chapter = await trx
      .insertInto('politics_chapters')
      .values({ title: ch.title, intro: ch.intro, sort: chi + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [pi, p] of ch.points.entries()) {
      await trx
        .insertInto('politics_points')
        .values({
          chapter_id: chapter.id,
          title: p.title,
          sort: pi + 1,
          content: p.content,
          key_sentences: p.key_sentences.join('\n'),
          media_key: p.media ?? null,
          duration: p.media ? durationOf(p.media) : 0,
        })
        .execute();
    }
  }
}

/**
 * Comments and replies of short videos: lists (comments newest first with their first replies, replies oldest
 * first) and posting, which checks the video or comment, the per-user rate limit, writes the row and moves the
 * counter by one in one transaction.
 */
import { sql } from 'kysely';
import type * as circle from '../../../contract/circles';
import { CIRCLE_RULES } from '../../../contract/circles';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { AuthUser, Services } from '../../http/context';
import { notFound, tooMany } from '../../http/errors';
import { inTransaction } from '../../http/transaction';

type Reply = circle.CircleReply;
type Comment = circle.CircleComment;

const RATE_WINDOW_SECONDS = 60;
export const RATE_LIMIT_MSG = `发言太频繁：每人每分钟最多发表 ${CIRCLE_RULES.maxPostsPerMinute} 条评论和回复，请稍后再试`;

async function videoExists(s: Services, videoId: number): Promise<void> {
  const v = await s.db.kysely.selectFrom('short_videos').select('id').where('id', '=', videoId).executeTakeFirst();
  if (!v) throw notFound(`短视频 id ${videoId} `);
}

async function commentOf(s: Services, commentId: number) {
  const c = await s.db.kysely
    .selectFrom('short_video_comments')
    .select(['id', 'video_id', 'reply_count'])
    .where('id', '=', commentId)
    .executeTakeFirst();
  if (!c) throw notFound(`评论 id ${commentId} `);
  return c;
}

/** Replies with their author's and addressee's display names, as the contract shows them. */
function repliesQuery(s: Services) {
  return s.db.kysely
    .selectFrom('short_video_replies as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as t', 't.id', 'r.reply_to_user_id')
    .select([
      'r.id',
      'r.comment_id',
      'u.nickname',
      'u.avatar',
      sql<string>`coalesce(${sql.ref('t.nickname')}, '')`.as('reply_to_nickname'),
      'r.content',
      'r.created_at',
    ]);
}

/** A page of a video's comments, newest first, each with its reply count and its first replies (one query for all). */
export async function commentList(s: Services, f: ParsedInputOf<typeof circle.commentList>): Promise<OutputOf<typeof circle.commentList>> {
  await videoExists(s, f.video_id);
  const db = s.db.kysely;
  const comments = await db
    .selectFrom('short_video_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.video_id', 'u.nickname', 'u.avatar', 'c.content', 'c.reply_count', 'c.created_at'])
    .where('c.video_id', '=', f.video_id)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(f.offset)
    .limit(f.count)
    .execute();
  const withReplies = comments.filter((c) => c.reply_count > 0).map((c) => c.id);
  const byComment = new Map<number, Reply[]>();
  if (withReplies.length > 0) {
    const ranked = repliesQuery(s)
      .select(
        sql<number>`row_number() over (partition by ${sql.ref('r.comment_id')} order by ${sql.ref('r.created_at')}, ${sql.ref('r.id')})`.as(
          'rn',
        ),
      )
      .where('r.comment_id', 'in', withReplies);
    const rows = await db
      .selectFrom(ranked.as('x'))
      .select(['x.id', 'x.comment_id', 'x.nickname', 'x.avatar', 'x.reply_to_nickname', 'x.content', 'x.created_at'])
      .where('x.rn', '<=', CIRCLE_RULES.repliesPreview)
      .orderBy('x.comment_id')
      .orderBy('x.created_at')
      .orderBy('x.id')
      .execute();
    for (const r of rows) {
      const list = byComment.get(r.comment_id) ?? [];
      list.push(r);
      byComment.set(r.comment_id, list);
    }
  }
  return comments.map((c) => ({ ...c, replies: byComment.get(c.id) ?? [] }));
}

/** A page of a comment's replies, oldest first. */
export async function replyList(s: Services, f: ParsedInputOf<typeof circle.replyList>): Promise<OutputOf<typeof circle.replyList>> {
  await commentOf(s, f.comment_id);
  return repliesQuery(s)
    .where('r.comment_id', '=', f.comment_id)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .offset(f.offset)
    .limit(f.count)
    .execute();
}

/**
 * Refuses (4029) when the user posted the most comments and replies allowed in the last minute. Runs inside the
 * posting transaction; on PostgreSQL a per-user lock makes parallel posts of one user wait for each other, so they
 * cannot all pass the check at once (SQLite runs one write transaction at a time).
 */
async function checkRate(tx: Services, userId: number): Promise<void> {
  if (tx.db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`circle-post:${userId}`}))`.execute(tx.db.kysely);
  const since = tx.clock() - RATE_WINDOW_SECONDS;
  const db = tx.db.kysely;
  const count = async (table: 'short_video_comments' | 'short_video_replies') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const recent = (await count('short_video_comments')) + (await count('short_video_replies'));
  if (recent >= CIRCLE_RULES.maxPostsPerMinute) throw tooMany(RATE_LIMIT_MSG);
}

async function author(s: Services, user: AuthUser) {
  const u = await s.db.kysely.selectFrom('users').select(['nickname', 'avatar']).where('id', '=', user.id).executeTakeFirst();
  return { nickname: u?.nickname ?? user.nickname, avatar: u?.avatar ?? '' };
}

/** Posts a comment on a video; the video's comment_count moves by one in the same transaction. */
export async function addComment(
  s: Services,
  user: AuthUser,
  f: ParsedInputOf<typeof circle.commentAdd>,
): Promise<OutputOf<typeof circle.commentAdd>> {
  return inTransaction(s, async (tx) => {
    await videoExists(tx, f.video_id);
    await checkRate(tx, user.id);
    const db = tx.db.kysely;
    const now = tx.clock();
    const row = await db
      .insertInto('short_video_comments')
      .values({ video_id: f.video_id, user_id: user.id, content: f.content, reply_count: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('short_videos')
      .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
      .where('id', '=', f.video_id)
      .execute();
    const v = await db.selectFrom('short_videos').select('comment_count').where('id', '=', f.video_id).executeTakeFirstOrThrow();
    const comment: Comment = {
      id: row.id,
      video_id: f.video_id,
      ...(await author(tx, user)),
      content: f.content,
      reply_count: 0,
      replies: [],
      created_at: now,
    };
    return { comment, comment_count: v.comment_count };
  });
}

/**
 * Replies to a comment, or (reply_id) to one of its replies, whose author the new reply names; the comment's
 * reply_count moves by one in the same transaction.
 */
export async function addReply(
  s: Services,
  user: AuthUser,
  f: ParsedInputOf<typeof circle.replyAdd>,
): Promise<OutputOf<typeof circle.replyAdd>> {
  return inTransaction(s, async (tx) => {
    await commentOf(tx, f.comment_id);
    const db = tx.db.kysely;
    let replyTo: number | null = null;
    let replyToName = '';
    if (f.reply_id !== undefined) {
      const target = await db
        .selectFrom('short_video_replies as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.user_id', 'u.nickname'])
        .where('r.id', '=', f.reply_id)
        .where('r.comment_id', '=', f.comment_id)
        .executeTakeFirst();
      if (!target) throw notFound(`评论 ${f.comment_id} 下的回复 id ${f.reply_id} `);
      replyTo = target.user_id;
      replyToName = target.nickname;
    }
    await checkRate(tx, user.id);
    const now = tx.clock();
    const row = await db
      .insertInto('short_video_replies')
      .values({ comment_id: f.comment_id, user_id: user.id, reply_to_user_id: replyTo, content: f.content, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('short_video_comments')
      .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
      .where('id', '=', f.comment_id)
      .execute();
    const c = await db.selectFrom('short_video_comments').select('reply_count').where('id', '=', f.comment_id).executeTakeFirstOrThrow();
    const reply: Reply = {
      id: row.id,
      comment_id: f.comment_id,
      ...(await author(tx, user)),
      reply_to_nickname: replyToName,
      content: f.content,
      created_at: now,
    };
    return { reply, reply_count: c.reply_count };
  });
}

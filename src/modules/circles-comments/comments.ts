/** The comment list's rules, apart from React: loading pages, merging replies, posting. */
import type { CircleComment, CircleReply } from '../../contract/circles';
import { circleComments } from '../../i18n/zh-CN/circle-comments';
import type { Env } from '../../runtime/block-api';

const t = circleComments;

export const PAGE_SIZE = 10;
export const REPLY_PAGE_SIZE = 20;

/** What the comment box answers: the comment itself, or a reply (optionally to one of its replies, by name). */
export interface ReplyTarget {
  commentId: number;
  replyId?: number;
  name: string;
}

/** Where a logged-out visitor goes: mobile login, returning to `path`. */
export function loginPath(path: string): string {
  return `/user/mobile_login/${encodeURIComponent(path)}`;
}

/** The current page with its query (`/video/detail?id=3`), from the path and the scope's query object. */
export function pathWithQuery(path: string, query: unknown): string {
  const params = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [k, v] of Object.entries(query as Record<string, unknown>)) if (typeof v === 'string') params.set(k, v);
  }
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/** A positive integer id from a prop (`${query.id}` arrives as text), or null. */
export function idOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Items of `next` not already in `list` (by id) appended to it: a page that overlaps what is shown adds only the new ones. */
export function mergeById<T extends { id: number }>(list: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(list.map((x) => x.id));
  return [...list, ...next.filter((x) => !seen.has(x.id))];
}

/** Replies in reading order (oldest first). */
function byTime(a: CircleReply, b: CircleReply): number {
  return a.created_at - b.created_at || a.id - b.id;
}

/** The comment's replies with `more` merged in (no duplicates, oldest first). */
export function withReplies(list: readonly CircleComment[], commentId: number, more: readonly CircleReply[]): CircleComment[] {
  return list.map((c) => (c.id === commentId ? { ...c, replies: mergeById(c.replies, more).sort(byTime) } : c));
}

/** A reply just posted: shown under its comment at once, with the server's new reply count. */
export function addedReply(list: readonly CircleComment[], reply: CircleReply, replyCount: number): CircleComment[] {
  return withReplies(list, reply.comment_id, [reply]).map((c) => (c.id === reply.comment_id ? { ...c, reply_count: replyCount } : c));
}

/** The label of a comment's unfold button, or null when every reply is shown. */
export function unfoldLabel(c: CircleComment, unfolded: boolean): string | null {
  if (c.replies.length >= c.reply_count) return null;
  return unfolded ? t.moreReplies : t.showAllReplies(c.reply_count);
}

export type PostResult =
  | { kind: 'login' }
  | { kind: 'empty' }
  | { kind: 'refused'; msg: string }
  | { kind: 'comment'; comment: CircleComment; count: number }
  | { kind: 'reply'; reply: CircleReply; replyCount: number };

/**
 * Posts what the box holds: a logged-out visitor goes to login (nothing is called); an empty text is toasted; a
 * refusal toasts the server's message; a success toasts and answers the new comment or reply.
 */
export async function post(
  env: Env,
  o: { videoId: number; text: string; target: ReplyTarget | null; hasLogin: boolean; returnPath: string },
): Promise<PostResult> {
  if (!o.hasLogin) {
    env.navigate(loginPath(o.returnPath));
    return { kind: 'login' };
  }
  const content = o.text.trim();
  if (!content) {
    env.toast(t.needContent);
    return { kind: 'empty' };
  }
  if (o.target) {
    const res = await env.call('circle.reply_add', {
      comment_id: o.target.commentId,
      content,
      ...(o.target.replyId ? { reply_id: o.target.replyId } : {}),
    });
    if (res.status !== 0 || !res.data) return refused(env, res.msg);
    env.toast(t.replied);
    return { kind: 'reply', reply: res.data.reply, replyCount: res.data.reply_count };
  }
  const res = await env.call('circle.comment_add', { video_id: o.videoId, content });
  if (res.status !== 0 || !res.data) return refused(env, res.msg);
  env.toast(t.commented);
  return { kind: 'comment', comment: res.data.comment, count: res.data.comment_count };
}

function refused(env: Env, msg: string): PostResult {
  env.toast(msg);
  return { kind: 'refused', msg };
}

import { CODE } from '../contract/envelope';
import { i18n } from '../i18n';

/**
 * Whether a refusal means "the thing the link names is not there": not found (4004), or a bad value in the link
 * (4000, e.g. `/ebook/detail/abc` or an unknown list type). Only for a page's main item: the page then shows the one
 * not-found screen with a way back, never 重试 (trying again finds nothing more). Network and server failures are not.
 */
export function isMissing(code: number): boolean {
  return code === CODE.notFound || code === CODE.badInput;
}

/**
 * The words of a server message a user may read. A not-found message (4004) is written for developers with the
 * internal id, field or path in it (`商品 id 999999 不存在`, `课程 course_id 3 中的视频 video_id 5 不存在`): those
 * ASCII words go (`商品不存在`, `课程中的视频不存在`); a message left with nothing but 不存在 says 内容不存在或已下架.
 * Other messages are the server's words for the user (validation, refusals) and stay. The precise message stays in
 * the reply and in the console for developers.
 */
export function userMessage(reply: { code: number; msg: string }): string {
  if (reply.code !== CODE.notFound) return reply.msg;
  const plain = reply.msg
    .replace(/[A-Za-z0-9_./:#=&?-]+/g, ' ')
    .replace(/[（(]\s*[)）]/g, ' ')
    .replace(/\s+/g, '')
    .replace(/^[：:，,；;]+|[：:，,；;]+$/g, '');
  return plain.length > '不存在'.length ? plain : i18n.loadError.notFound;
}

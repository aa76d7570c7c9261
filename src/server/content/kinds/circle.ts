/**
 * demo/circle/: study circles and their short videos (circles/*.json, one file per circle, videos newest first, each
 * with optional seeded comments and replies), the demo people who wrote those comments (authors.json) and the
 * 考研政治 outline (politics/*.json, one file per chapter, in outline order, each point's notes in Markdown).
 */
import { z } from 'zod';
import { ContentError } from '../errors';
import { paragraphs, text, textList } from '../fields';
import { type ContentDir, listFiles, readJson, shownPath } from '../files';

/** A stream of the video service (media/hls/<key>/index.m3u8 in the sandbox), e.g. sample/lesson-a. */
const mediaKey = () => z.string().regex(/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/, { error: '须为视频流名，如 sample/lesson-a' });

const author = z.strictObject({
  nickname: text(),
  /** Demo accounts only: the 1700000xxxx range, which nobody logs in with. */
  mobile: z.string().regex(/^1700000\d{4}$/, { error: '须为 1700000 开头的 11 位演示手机号' }),
});
export type CircleAuthorContent = z.output<typeof author>;

const reply = z.strictObject({
  /** Nickname of an author in authors.json. */
  by: text(),
  /** Answers this author's reply (a nickname); omitted: answers the comment. */
  to: text().optional(),
  text: text().max(200, { error: '不能超过 200 个字符' }),
});
const comment = z.strictObject({
  by: text(),
  text: text().max(200, { error: '不能超过 200 个字符' }),
  replies: z.array(reply).optional(),
});

const common = {
  title: text(),
  media: mediaKey(),
  likes: z.int().min(0),
  comments: z.array(comment).optional(),
};
const wordVideo = z.strictObject({
  kind: z.literal('word'),
  word: z.string().regex(/^[A-Za-z][A-Za-z' -]*$/, { error: '须为英文单词或词组' }),
  phonetic: z.string().regex(/^\/.+\/$/, { error: '须写在两条斜线之间，如 /əˈbændən/' }),
  meaning: text(),
  example: text(),
  example_translation: text(),
  /** Usage note shown under the example (collocations, look-alikes). */
  note: z.string().optional(),
  ...common,
});
const generalVideo = z.strictObject({
  kind: z.literal('general'),
  description: text(),
  ...common,
});
const video = z.discriminatedUnion('kind', [wordVideo, generalVideo], { error: 'kind 须为 word 或 general' });
export type ShortVideoContent = z.output<typeof video>;

const circle = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9-]*$/, { error: '须为小写英文标识，如 cet-words' }),
  name: text(),
  intro: text(),
  /** Name of a 大类 of reference/subjects.json, or '' for none. */
  genus: z.string(),
  member_count: z.int().min(0),
  /** Newest first, as the circle's list shows them. */
  videos: z.array(video).min(1, { error: '至少要有一个视频' }),
});
export type CircleContent = z.output<typeof circle>;

const point = z.strictObject({
  title: text(),
  /** Explainer video (optional). */
  media: mediaKey().optional(),
  key_sentences: textList(),
  /** Study notes, Markdown (one string or a list of paragraphs). */
  content: paragraphs(),
});
const chapter = z.strictObject({
  title: text(),
  intro: text(),
  points: z.array(point).min(1, { error: '至少要有一个考点' }),
});
export type PoliticsChapterContent = z.output<typeof chapter>;

export interface CircleDemoContent {
  authors: CircleAuthorContent[];
  circles: CircleContent[];
  politics: PoliticsChapterContent[];
}

/** Reads demo/circle/ and checks what one file cannot: unique keys, nicknames and mobiles, and that every comment's author exists. */
export function loadCircle(dir: ContentDir): CircleDemoContent {
  const authorsFile = 'demo/circle/authors.json';
  const authors = readJson(dir, authorsFile, z.array(author).min(1));
  const names = new Set<string>();
  const mobiles = new Set<string>();
  for (const [i, a] of authors.entries()) {
    if (names.has(a.nickname)) throw new ContentError(shownPath(dir, authorsFile), `[${i}].nickname`, `昵称 ${a.nickname} 重复`);
    if (mobiles.has(a.mobile)) throw new ContentError(shownPath(dir, authorsFile), `[${i}].mobile`, `手机号 ${a.mobile} 重复`);
    names.add(a.nickname);
    mobiles.add(a.mobile);
  }
  const keys = new Set<string>();
  const circles = listFiles(dir, 'demo/circle/circles', '.json').map((rel) => {
    const c = readJson(dir, rel, circle);
    const file = shownPath(dir, rel);
    if (keys.has(c.key)) throw new ContentError(file, 'key', `圈子标识 ${c.key} 重复`);
    keys.add(c.key);
    for (const [vi, v] of c.videos.entries()) {
      for (const [ci, cm] of (v.comments ?? []).entries()) {
        const at = `videos[${vi}].comments[${ci}]`;
        if (!names.has(cm.by)) throw new ContentError(file, `${at}.by`, `authors.json 里没有昵称 ${cm.by}`);
        for (const [ri, r] of (cm.replies ?? []).entries()) {
          for (const [field, name] of [
            ['by', r.by],
            ['to', r.to],
          ] as const) {
            if (name !== undefined && !names.has(name)) {
              throw new ContentError(file, `${at}.replies[${ri}].${field}`, `authors.json 里没有昵称 ${name}`);
            }
          }
        }
      }
    }
    return c;
  });
  const politics = listFiles(dir, 'demo/circle/politics', '.json').map((rel) => readJson(dir, rel, chapter));
  return { authors, circles, politics };
}

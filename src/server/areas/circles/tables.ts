import type { Generated } from 'kysely';

/** Tables of the circle area (joined into Database in ../schema.ts). Times are unix seconds. */

/** A study circle (学习圈子): a themed feed of short videos. */
export interface CircleTable {
  id: Generated<number>;
  /** Stable name of the circle in the content files (e.g. cet-words). */
  key: string;
  name: string;
  intro: string;
  cover: string;
  /** The subject (大类) it belongs to, or null. */
  genus_id: number | null;
  /** Members shown on the circle (there is no join flow yet: a seeded figure). */
  member_count: number;
  sort: number;
  created_at: number;
}

/** A short video of a circle; kind `word` carries word, phonetic, meaning and an example sentence. */
export interface ShortVideoTable {
  id: Generated<number>;
  circle_id: number;
  kind: string;
  title: string;
  word: string;
  phonetic: string;
  meaning: string;
  example: string;
  example_translation: string;
  description: string;
  cover: string;
  /** The cloud video service's name of the stream (the provider signs a play URL for it). */
  media_key: string;
  duration: number;
  like_count: number;
  /** Top-level comments; moved by one in the transaction that adds a comment. */
  comment_count: number;
  published_at: number;
}

/** A comment on a short video. */
export interface ShortVideoCommentTable {
  id: Generated<number>;
  video_id: number;
  user_id: number;
  content: string;
  /** Replies under it; moved by one in the transaction that adds a reply. */
  reply_count: number;
  created_at: number;
}

/** A reply under a comment; reply_to_user_id names the author of the reply it answers (null: the comment itself). */
export interface ShortVideoReplyTable {
  id: Generated<number>;
  comment_id: number;
  user_id: number;
  reply_to_user_id: number | null;
  content: string;
  created_at: number;
}

export interface CircleTables {
  circles: CircleTable;
  short_videos: ShortVideoTable;
  short_video_comments: ShortVideoCommentTable;
  short_video_replies: ShortVideoReplyTable;
}

import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id');

/** Circles and their short videos, comments and replies; the 考研政治 outline (chapters and points). */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = (name: string) => db.schema.createTable(name);

  await withId(table('circles'), dialect)
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('intro', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('genus_id', 'integer', (c) => c.references('genera.id'))
    .addColumn('member_count', 'integer', zero)
    .addColumn('sort', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .execute();

  await withId(table('short_videos'), dialect)
    .addColumn('circle_id', 'integer', (c) => c.notNull().references('circles.id'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('word', 'varchar(64)', blank)
    .addColumn('phonetic', 'varchar(64)', blank)
    .addColumn('meaning', 'varchar(255)', blank)
    .addColumn('example', 'text', blank)
    .addColumn('example_translation', 'text', blank)
    .addColumn('description', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('media_key', 'varchar(128)', notNull)
    .addColumn('duration', 'integer', zero)
    .addColumn('like_count', 'integer', zero)
    .addColumn('comment_count', 'integer', zero)
    .addColumn('published_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('short_videos_circle_published').on('short_videos').columns(['circle_id', 'published_at']).execute();

  await withId(table('short_video_comments'), dialect)
    .addColumn('video_id', 'integer', (c) => c.notNull().references('short_videos.id'))
    .addColumn('user_id', 'integer', user)
    .addColumn('content', 'text', notNull)
    .addColumn('reply_count', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('short_video_comments_video').on('short_video_comments').columns(['video_id', 'created_at']).execute();
  // The per-user rate limit counts a user's recent comments and replies.
  await db.schema.createIndex('short_video_comments_user').on('short_video_comments').columns(['user_id', 'created_at']).execute();

  await withId(table('short_video_replies'), dialect)
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('short_video_comments.id'))
    .addColumn('user_id', 'integer', user)
    .addColumn('reply_to_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('content', 'text', notNull)
    .addColumn('created_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('short_video_replies_comment').on('short_video_replies').columns(['comment_id', 'created_at']).execute();
  await db.schema.createIndex('short_video_replies_user').on('short_video_replies').columns(['user_id', 'created_at']).execute();

  await withId(table('politics_chapters'), dialect)
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('intro', 'varchar(255)', blank)
    .addColumn('sort', 'integer', zero)
    .execute();

  await withId(table('politics_points'), dialect)
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('politics_chapters.id'))
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('sort', 'integer', zero)
    .addColumn('content', 'text', notNull)
    .addColumn('key_sentences', 'text', blank)
    .addColumn('media_key', 'varchar(128)')
    .addColumn('duration', 'integer', zero)
    .execute();
  await db.schema.createIndex('politics_points_chapter').on('politics_points').columns(['chapter_id', 'sort']).execute();
}

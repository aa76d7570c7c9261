import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id');
const course = (c: ColumnDefinitionBuilder) => c.notNull().references('courses.id');

/**
 * Courses grow the live and bundle fields of spec §3; chapters, videos, bundles' children, counters, live reminders
 * and video progress; and the two tables every paid module reads: entitlements and VIP benefits.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = (name: string) => db.schema.createTable(name);
  const addToCourses = async (name: string, type: 'integer' | 'real' | 'varchar(128)', def: number | string) => {
    await db.schema
      .alterTable('courses')
      .addColumn(name, type === 'real' && dialect === 'postgres' ? 'double precision' : type, (c) => c.notNull().defaultTo(def))
      .execute();
  };
  await addToCourses('cover_aspect_ratio', 'real', 1.6);
  await addToCourses('is_top', 'integer', 0);
  await addToCourses('is_live', 'integer', 0);
  await addToCourses('is_single', 'integer', 1);
  await addToCourses('live_start_time', 'integer', 0);
  await addToCourses('live_end_time', 'integer', 0);
  await addToCourses('live_media_key', 'varchar(128)', '');
  await db.schema
    .createIndex('courses_live_start')
    .on('courses')
    .columns(['genus_id', 'category_id', 'is_live', 'live_start_time'])
    .execute();

  await table('course_children')
    .addColumn('bundle_id', 'integer', course)
    .addColumn('course_id', 'integer', course)
    .addColumn('sort', 'integer', zero)
    .addPrimaryKeyConstraint('course_children_pk', ['bundle_id', 'course_id'])
    .execute();
  await db.schema.createIndex('course_children_course').on('course_children').column('course_id').execute();

  await withId(table('course_chapters'), dialect)
    .addColumn('course_id', 'integer', course)
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('sort', 'integer', zero)
    .execute();
  await db.schema.createIndex('course_chapters_course').on('course_chapters').columns(['course_id', 'sort']).execute();

  await withId(table('course_videos'), dialect)
    .addColumn('course_id', 'integer', course)
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('course_chapters.id'))
    .addColumn('title', 'varchar(128)', notNull)
    .addColumn('duration', 'integer', zero)
    .addColumn('is_free', 'integer', zero)
    .addColumn('media_key', 'varchar(128)', notNull)
    .addColumn('sort', 'integer', zero)
    .execute();
  await db.schema.createIndex('course_videos_course').on('course_videos').columns(['course_id', 'sort']).execute();

  await table('course_stats')
    .addColumn('course_id', 'integer', (c) => c.primaryKey().references('courses.id'))
    .addColumn('view_count', 'integer', zero)
    .execute();

  await table('live_clocks')
    .addColumn('user_id', 'integer', user)
    .addColumn('course_id', 'integer', course)
    .addColumn('created_at', 'integer', notNull)
    .addPrimaryKeyConstraint('live_clocks_pk', ['user_id', 'course_id'])
    .execute();
  // appointment_count and collect_count are counted from these rows (never a counter that could drift).
  await db.schema.createIndex('live_clocks_course').on('live_clocks').column('course_id').execute();
  await db.schema.createIndex('collections_type_ref').on('collections').columns(['type', 'ref_id']).execute();

  await table('video_progress')
    .addColumn('user_id', 'integer', user)
    .addColumn('video_id', 'integer', (c) => c.notNull().references('course_videos.id'))
    .addColumn('course_id', 'integer', course)
    .addColumn('position', 'integer', zero)
    .addColumn('furthest', 'integer', zero)
    .addColumn('learned_seconds', 'integer', zero)
    .addColumn('is_finish', 'integer', zero)
    .addColumn('reported_at', 'integer', zero)
    .addColumn('client_at', 'bigint', zero)
    .addColumn('updated_at', 'integer', notNull)
    .addPrimaryKeyConstraint('video_progress_pk', ['user_id', 'video_id'])
    .execute();
  await db.schema.createIndex('video_progress_user_course').on('video_progress').columns(['user_id', 'course_id', 'updated_at']).execute();

  await withId(table('entitlements'), dialect)
    .addColumn('user_id', 'integer', user)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('ref_id', 'integer', notNull)
    .addColumn('source', 'varchar(16)', blank)
    .addColumn('order_id', 'integer')
    .addColumn('granted_at', 'integer', notNull)
    .addColumn('expires_at', 'integer')
    .addUniqueConstraint('entitlements_user_kind_ref', ['user_id', 'kind', 'ref_id'])
    .execute();

  await withId(table('vip_benefits'), dialect)
    .addColumn('vip_type', 'varchar(32)', (c) => c.notNull().references('vip_types.key'))
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('genus_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('ref_id', 'integer')
    .execute();
  await db.schema.createIndex('vip_benefits_type').on('vip_benefits').columns(['vip_type', 'kind']).execute();
}

import type { DialectName } from '../connect';
import { type AnyDb, blank, notNull, withId, zero } from './columns';

/** FAQ, Q&A and the single content articles (skills, guides, materials, adverts, school news, feedback help). */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('faqs'), dialect)
    .addColumn('genus_id', 'integer', (c) => c.references('genera.id'))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('type', 'integer', notNull)
    .addColumn('question', 'varchar(255)', notNull)
    .addColumn('answer', 'text', notNull)
    .addColumn('sort', 'integer', zero)
    .addColumn('view_count', 'integer', zero)
    .addColumn('updated_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('faqs_genus_type_sort').on('faqs').columns(['genus_id', 'type', 'sort']).execute();

  await withId(db.schema.createTable('answer_questions'), dialect)
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('tag', 'varchar(32)', blank)
    .addColumn('question', 'text', blank)
    .addColumn('answer', 'text', notNull)
    .addColumn('asker', 'varchar(64)', blank)
    .addColumn('answerer', 'varchar(64)', blank)
    .addColumn('answerer_title', 'varchar(64)', blank)
    .addColumn('view_count', 'integer', zero)
    .addColumn('created_at', 'integer', notNull)
    .addColumn('answered_at', 'integer', notNull)
    .execute();
  await db.schema.createIndex('answer_questions_created').on('answer_questions').column('created_at').execute();

  await withId(db.schema.createTable('content_articles'), dialect)
    .addColumn('kind', 'varchar(32)', notNull)
    .addColumn('slug', 'varchar(64)')
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('summary', 'text', blank)
    .addColumn('cover', 'varchar(255)', blank)
    .addColumn('author', 'varchar(64)', blank)
    .addColumn('source', 'varchar(64)', blank)
    .addColumn('school', 'varchar(64)', blank)
    .addColumn('link', 'varchar(255)', blank)
    .addColumn('link_text', 'varchar(32)', blank)
    .addColumn('content', 'text', notNull)
    .addColumn('sort', 'integer', zero)
    .addColumn('view_count', 'integer', zero)
    .addColumn('published_at', 'integer', notNull)
    .addUniqueConstraint('content_articles_kind_slug', ['kind', 'slug'])
    .execute();
  await db.schema.createIndex('content_articles_kind_published').on('content_articles').columns(['kind', 'published_at']).execute();
}

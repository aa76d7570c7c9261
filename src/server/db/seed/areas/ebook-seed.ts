/**
 * The e-books of content/demo/ebooks: one catalogue row per category a book is listed under, each with its chapters
 * stored as anchored spans and the sizes the reader's whole-book progress is computed from.
 */
import type { Transaction } from 'kysely';
import type { DemoContent } from '../../../content/load';
import type { Database } from '../../schema';

type Trx = Transaction<Database>;

export async function seedEbooks(trx: Trx, content: DemoContent, now: number): Promise<void> {
  const categories = await trx
    .selectFrom('categories as c')
    .innerJoin('genera as g', 'g.id', 'c.genus_id')
    .select(['c.id', 'c.name', 'c.genus_id', 'g.name as genus'])
    .execute();
  let cover = 0;
  for (const [b, book] of content.ebooks.entries()) {
    const file = `content/demo/ebooks/${book.slug}/book.json`;
    const sizes = book.chapters.map((c) => c.spans.reduce((n, sp) => n + sp.text.length, 0));
    const total = sizes.reduce((a, n) => a + n, 0);
    for (const name of book.categories) {
      const cat = categories.find((c) => c.name === name);
      if (!cat) throw new Error(`${file}: categories: 未知科目 ${name}`);
      if (cat.genus !== book.genus) throw new Error(`${file}: categories: ${name} 不属于大类 ${book.genus}`);
      cover += 1;
      const row = await trx
        .insertInto('ebooks')
        .values({
          genus_id: cat.genus_id,
          category_id: cat.id,
          name: book.name,
          intro: book.intro,
          cover: `/media/ebook/${cover}.svg`,
          author: book.author,
          chapter_count: book.chapters.length,
          price: book.price,
          is_free: book.price === 0 ? 1 : 0,
          free_chapters: book.price === 0 ? 0 : book.free_chapters,
          char_count: total,
          created_at: now - 3 * 3600 - b * 86400 * 9,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let start = 0;
      for (const [i, chapter] of book.chapters.entries()) {
        await trx
          .insertInto('ebook_chapters')
          .values({
            ebook_id: row.id,
            sort: i + 1,
            title: chapter.title,
            char_count: sizes[i] ?? 0,
            start_chars: start,
            span_count: chapter.spans.length,
            spans: JSON.stringify(chapter.spans),
          })
          .execute();
        start += sizes[i] ?? 0;
      }
    }
  }
}

/** Reference data every database gets: subjects (genera and categories), districts and the legal documents. */
import type { Transaction } from 'kysely';
import type { ReferenceContent } from '../../content/load';
import { fill } from '../../content/template';
import type { Database } from '../schema';
import type { SubjectRef } from './banners';
import { chunks } from './batch';
import { loadDistricts } from './districts';

type Trx = Transaction<Database>;

export function genusIcon(index: number): string {
  return `/media/genus/${index + 1}.svg`;
}

/** e.g. “2026年5月28日”, in China Standard Time. */
export function chineseDate(unixSeconds: number): string {
  const d = new Date((unixSeconds + 8 * 3600) * 1000);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

/** Genera and categories in the file's order (`sort` ascending). */
export async function insertSubjects(trx: Trx, content: ReferenceContent): Promise<SubjectRef[]> {
  const subjects: SubjectRef[] = [];
  for (const [gi, g] of content.subjects.entries()) {
    const genus = await trx
      .insertInto('genera')
      .values({ name: g.name, icon: genusIcon(gi), description: g.description, sort: gi + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cats = await trx
      .insertInto('categories')
      .values(g.categories.map((c, ci) => ({ genus_id: genus.id, name: c.name, sort: ci + 1 })))
      .returning(['id', 'name'])
      .execute();
    for (const c of g.categories) {
      const row = cats.find((r) => r.name === c.name);
      if (!row) throw new Error(`category ${c.name} was not inserted`);
      subjects.push({ genusId: genus.id, genusName: g.name, categoryId: row.id, category: c });
    }
  }
  return subjects;
}

/** Legal documents keyed for `/api/framework/agreement` and the public agreement pages; dated `now`. */
function documentRows(content: ReferenceContent, now: number) {
  const values = { ...content.site, date: chineseDate(now) };
  return content.agreements.map((a) => ({ key: a.key, title: a.title, content: `${fill(a.body, values)}\n`, updated_at: now }));
}

export async function insertDistrictsAndDocuments(trx: Trx, content: ReferenceContent, now: number): Promise<void> {
  for (const batch of chunks(loadDistricts())) await trx.insertInto('districts').values(batch).execute();
  await trx.insertInto('documents').values(documentRows(content, now)).execute();
}

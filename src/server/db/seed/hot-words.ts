/** Search hot words (content/demo/hot-words.json): a platform-wide list plus one per genus. Earlier words are hotter. */
import type { Transaction } from 'kysely';
import type { HotWordsContent } from '../../content/kinds/hot-words';
import type { Database } from '../schema';
import { chunks } from './batch';
import { intBetween, mulberry32, type Rng } from './prng';

/** Hotness values that mostly decrease with rank but are not perfectly regular. */
export function hotValues(rng: Rng, n: number, top: number): number[] {
  const out: number[] = [];
  let v = top;
  for (let i = 0; i < n; i++) {
    out.push(v);
    v = Math.max(50, v - intBetween(rng, Math.floor(top / 40), Math.floor(top / 12)));
  }
  return out;
}

export async function insertHotWords(
  trx: Transaction<Database>,
  content: HotWordsContent,
  genera: ReadonlyArray<{ id: number; name: string }>,
  seed: number,
): Promise<void> {
  const rng = mulberry32(seed);
  const rows: Array<{ genus_id: number | null; category_id: null; word: string; hot: number }> = [];
  const globalHot = hotValues(rng, content.global.length, 98000);
  for (const [i, word] of content.global.entries()) rows.push({ genus_id: null, category_id: null, word, hot: globalHot[i] ?? 0 });
  for (const { id, name } of genera) {
    const words = content.byGenus[name] ?? [];
    const hot = hotValues(rng, words.length, 30000 + Math.floor(rng() * 20000));
    for (const [i, word] of words.entries()) rows.push({ genus_id: id, category_id: null, word, hot: hot[i] ?? 0 });
  }
  for (const batch of chunks(rows)) await trx.insertInto('hot_words').values(batch).execute();
}

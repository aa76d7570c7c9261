import type { Env } from '../../runtime/block-api';

/** What a buy button sells: a course, an e-book or a question bank. */
export type BuyKind = 'course' | 'ebook' | 'question_bank';

/**
 * A module's buy button: asks the server which good sells the item (`goods.mapping`) and opens that good's mall
 * detail; when none does (4004), the server's message is toasted (spec §8).
 */
export async function openGoodFor(env: Env, type: BuyKind, id: number | string): Promise<void> {
  const r = await env.call('goods.mapping', { type, id: String(id) });
  if (r.status === 0 && r.data) env.navigate(`/mall/detail/${r.data.good_id}`);
  else env.toast(r.msg);
}

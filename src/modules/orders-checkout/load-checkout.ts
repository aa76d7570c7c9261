/** Loads what the checkout shows: every good of the route (server prices) and, when one needs delivery, the addresses. */

import type { Env } from '../../runtime/block-api';
import { needsAddress } from './checkout-rules';
import type { Address, GoodsItem } from './shapes';

export type CheckoutLoad =
  | { kind: 'ready'; goods: GoodsItem[]; addresses: Address[] }
  /** An id is unknown or off sale (or the link carries none). */
  | { kind: 'gone' }
  | { kind: 'failed'; msg: string };

const GONE_CODES: readonly number[] = [4004, 4000];

export async function loadCheckout(env: Env, ids: readonly number[]): Promise<CheckoutLoad> {
  if (ids.length === 0) return { kind: 'gone' };
  const replies = await Promise.all(ids.map((id) => env.call('goods.detail', { id })));
  const goods: GoodsItem[] = [];
  for (const r of replies) {
    if (r.status !== 0 || !r.data) return GONE_CODES.includes(r.code) ? { kind: 'gone' } : { kind: 'failed', msg: r.msg };
    goods.push(r.data);
  }
  if (!needsAddress(goods)) return { kind: 'ready', goods, addresses: [] };
  const list = await env.call('address.list', {});
  if (list.status !== 0 || !list.data) return { kind: 'failed', msg: list.msg };
  return { kind: 'ready', goods, addresses: list.data };
}

/** The order the result page shows: by id, or without one the caller's latest (order.list count 1). */
import type { OrderView } from '../../contract/orders';
import type { Env } from '../../runtime/block-api';

export type OrderLoad =
  | { kind: 'ready'; order: OrderView; deviceNow: number }
  | { kind: 'none' }
  | { kind: 'gone' }
  | { kind: 'failed'; msg: string };

/** A positive integer id, or undefined. */
export function orderIdOf(raw: unknown): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export async function loadOrder(env: Env, id: number | undefined): Promise<OrderLoad> {
  const deviceNow = Date.now() / 1000;
  if (id === undefined) {
    const res = await env.call('order.list', { count: 1 });
    if (res.status !== 0 || !res.data) return { kind: 'failed', msg: res.msg };
    const order = res.data[0];
    return order ? { kind: 'ready', order, deviceNow } : { kind: 'none' };
  }
  const res = await env.call('order.detail', { id });
  if (res.status === 0 && res.data) return { kind: 'ready', order: res.data, deviceNow };
  return res.code === 4004 || res.code === 4000 ? { kind: 'gone' } : { kind: 'failed', msg: res.msg };
}

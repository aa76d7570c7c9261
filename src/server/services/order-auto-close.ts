/**
 * Closes unpaid orders whose time is up (asking WeChat Pay first when the order was sent there), and reconciles the
 * pending orders that were. Safe with several app servers on one database: each close is the state machine's
 * conditional move, so an order another server closed first is skipped (closed once, stock returned once).
 */
import type { Services } from '../http/context';
import { closeWithWechat } from './order-close';
import { refreshFromWechat } from './order-pay';
import { reconcileRefunds } from './refund-settle';

/** Closes the orders due now (one user's, or everyone's; at most `limit`); returns how many this caller closed. */
export async function closeExpiredOrders(s: Services, opts: { userId?: number; limit?: number } = {}): Promise<number> {
  const now = s.clock();
  let query = s.db.kysely.selectFrom('orders').selectAll().where('status', '=', 'pending').where('expires_at', '<=', now);
  if (opts.userId !== undefined) query = query.where('user_id', '=', opts.userId);
  const due = await query
    .orderBy('expires_at')
    .limit(opts.limit ?? 200)
    .execute();
  let closed = 0;
  for (const o of due) if (await closeWithWechat(s, o, 'timeout')) closed += 1;
  return closed;
}

/** How long to wait between asking WeChat Pay about a pending order, by the age of its last payment: widening. */
export function reconcileGap(ageSeconds: number): number {
  if (ageSeconds < 120) return 15;
  if (ageSeconds < 600) return 60;
  return 300;
}

/**
 * The reconciler: asks WeChat Pay about every pending order that was sent to it, at widening intervals, so an order
 * whose notification never arrived still becomes paid. Returns how many were asked.
 */
export async function reconcilePending(s: Services, limit = 100): Promise<number> {
  const now = s.clock();
  const rows = await s.db.kysely
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select((eb) => ['p.order_id', eb.fn.max<number>('p.created_at').as('created_at'), eb.fn.max<number>('p.queried_at').as('queried_at')])
    .where('o.status', '=', 'pending')
    .groupBy('p.order_id')
    .limit(limit)
    .execute();
  let asked = 0;
  for (const r of rows) {
    const gap = reconcileGap(now - Number(r.created_at));
    if (Number(r.queried_at) > now - gap) continue;
    if ((await refreshFromWechat(s, r.order_id, gap)) !== null) asked += 1;
  }
  return asked;
}

/** Runs the sweep every `seconds` (unref'd: it never keeps the process alive); returns a stop function. */
export function startOrderSweeper(s: Services, seconds: number, onError: (e: unknown) => void): () => void {
  if (seconds <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    closeExpiredOrders(s)
      .then(() => reconcilePending(s))
      .then(() => reconcileRefunds(s))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The order sweeper: closes unpaid orders whose time is up (asking WeChat Pay first when the order was sent there),
 * reconciles the pending orders that were, and runs the refund reconciler (refund-settle.ts). Every order is a unit
 * of its own: it is claimed by a conditional update of `next_check_at` before WeChat Pay is asked (so of several
 * servers one asks), and a failure is logged and tried again after a widening gap while the other orders go on. The
 * three jobs run independently: one failing never skips the others. Each close is the state machine's conditional
 * move, so an order is closed once and its stock returned once.
 */
import type { Services } from '../../http/context';
import { reconcileRefunds } from '../refunds';
import { closeWithWechat } from './order-close';
import { askWechat } from './order-pay';

/** Where the jobs report a failing order or job (the server's logger). */
export interface JobLog {
  error: (o: object, m: string) => void;
}

/** How long an expired order whose close failed waits before the next try, by tries so far. */
export function closeRetryGap(attempts: number): number {
  if (attempts <= 1) return 30;
  if (attempts <= 3) return 120;
  if (attempts <= 6) return 600;
  return 1800;
}

/** How long to wait between asking WeChat Pay about a pending order, by the age of its last payment: widening. */
export function reconcileGap(ageSeconds: number): number {
  if (ageSeconds < 120) return 15;
  if (ageSeconds < 600) return 60;
  return 300;
}

/**
 * Claims a pending order for one ask of WeChat Pay: moves `next_check_at` from due to `until`. Only the caller whose
 * update changed the row goes on; the others (other servers) skip it until then.
 */
async function claimOrder(s: Services, orderId: number, now: number, until: number, countClose: boolean): Promise<boolean> {
  const res = await s.db.kysely
    .updateTable('orders')
    .set((eb) => ({ next_check_at: until, close_attempts: countClose ? eb('close_attempts', '+', 1) : eb.ref('close_attempts') }))
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .where('next_check_at', '<=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Closes the orders due now (at most `limit`); returns how many this caller closed. */
export async function closeExpiredOrders(s: Services, opts: { limit?: number; log?: JobLog } = {}): Promise<number> {
  const now = s.clock();
  const due = await s.db.kysely
    .selectFrom('orders')
    .select(['id', 'close_attempts'])
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .orderBy('id')
    .limit(opts.limit ?? 200)
    .execute();
  let closed = 0;
  for (const o of due) {
    if (!(await claimOrder(s, o.id, now, now + closeRetryGap(o.close_attempts + 1), true))) continue;
    try {
      if (await closeWithWechat(s, o, 'timeout')) closed += 1;
    } catch (e) {
      opts.log?.error({ err: e, order_id: o.id }, 'order close failed; tried again later');
    }
  }
  return closed;
}

/**
 * The reconciler: asks WeChat Pay about every pending order that was sent to it, at widening intervals, so an order
 * whose notification never arrived still becomes paid. An order past its time is the close job's. Returns how many
 * were asked.
 */
export async function reconcilePending(s: Services, limit = 100, log?: JobLog): Promise<number> {
  const now = s.clock();
  const rows = await s.db.kysely
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.order_no',
      'o.expires_at',
      eb
        .selectFrom('order_payments as p')
        .select((p) => p.fn.max<number>('p.created_at').as('m'))
        .whereRef('p.order_id', '=', 'o.id')
        .as('last_payment_at'),
    ])
    .where('o.status', '=', 'pending')
    .where('o.expires_at', '>', now)
    .where('o.next_check_at', '<=', now)
    .where((eb) => eb.exists(eb.selectFrom('order_payments as p').select('p.id').whereRef('p.order_id', '=', 'o.id')))
    .orderBy('o.next_check_at')
    .orderBy('o.id')
    .limit(limit)
    .execute();
  let asked = 0;
  for (const r of rows) {
    // Never later than its expiry, so the close job takes it on time.
    const until = Math.min(now + reconcileGap(now - Number(r.last_payment_at)), r.expires_at);
    if (!(await claimOrder(s, r.id, now, until, false))) continue;
    try {
      await askWechat(s, r.order_no);
      asked += 1;
    } catch (e) {
      log?.error({ err: e, order_id: r.id }, 'order reconcile failed; asked again later');
    }
  }
  return asked;
}

/** Runs the three jobs every `seconds`, each on its own (unref'd: it never keeps the process alive); returns a stop function. */
export function startOrderSweeper(s: Services, seconds: number, log: JobLog): () => void {
  if (seconds <= 0) return () => {};
  let running = false;
  const job = (name: string, work: () => Promise<unknown>) =>
    work().catch((e: unknown) => log.error({ err: e, job: name }, `order sweep: ${name} failed`));
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void Promise.allSettled([
      job('close', () => closeExpiredOrders(s, { log })),
      job('reconcile payments', () => reconcilePending(s, 100, log)),
      job('reconcile refunds', () => reconcileRefunds(s, 50, log)),
    ]).finally(() => {
      running = false;
    });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Retention: rows that only matter for a while (login codes, OAuth states and keys, VIP-code tries, order
 * idempotency keys) are deleted once nothing reads them any more, so those tables stay small. Every server may run
 * the job (RETENTION_SWEEP_SECONDS): a delete is idempotent, two servers at once only find less to delete.
 *
 * Deletes go in batches of a few hundred rows, each its own statement, with a pause between them, so a large backlog
 * never holds a long lock (SQLite has one writer) and requests run in between. A run deletes at most MAX_BATCHES
 * batches per table; the rest goes on the next run. Each table is swept on its own: one that fails is reported and
 * the others are still swept.
 *
 * The filters scan (no index on these times): the tables are kept small by this very job, and an index would cost
 * every login and order a write.
 */
import type { Kysely } from 'kysely';
import { VIP_CODE_RULES } from '../../../contract/vip';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/context';
import { chinaDayStart, SMS_RULES, STATE_TTL } from '../accounts';
import { IDEMPOTENCY_TTL_SECONDS } from '../orders';

export const RETENTION_BATCH = 500;
const MAX_BATCHES = 200;

export interface RetentionRule {
  table: string;
  /** Deletes up to `limit` rows that nothing needs at `now`; returns how many it deleted. */
  deleteSome(db: Kysely<Database>, now: number, limit: number): Promise<number>;
}

const deleted = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    // Kept: codes still valid, and every code of the current China day and of the resend interval, which the
    // per-mobile limits count (areas/accounts/sms-codes.ts).
    table: 'sms_codes',
    async deleteSome(db, now, limit) {
      const keepFrom = Math.min(chinaDayStart(now), now - SMS_RULES.resendSeconds);
      const ids = db.selectFrom('sms_codes').select('id').where('expires_at', '<=', now).where('created_at', '<', keepFrom).limit(limit);
      return deleted(await db.deleteFrom('sms_codes').where('id', 'in', ids).executeTakeFirst());
    },
  },
  {
    // A state is taken only within STATE_TTL of its creation (areas/accounts/wechat-login.ts), used or not.
    table: 'oauth_states',
    async deleteSome(db, now, limit) {
      const states = db
        .selectFrom('oauth_states')
        .select('state')
        .where('created_at', '<', now - STATE_TTL)
        .limit(limit);
      return deleted(await db.deleteFrom('oauth_states').where('state', 'in', states).executeTakeFirst());
    },
  },
  {
    // The keys a WeChat login hands to the binding form; refused once expired.
    table: 'third_auth_keys',
    async deleteSome(db, now, limit) {
      const keys = db.selectFrom('third_auth_keys').select('key').where('expires_at', '<=', now).limit(limit);
      return deleted(await db.deleteFrom('third_auth_keys').where('key', 'in', keys).executeTakeFirst());
    },
  },
  {
    // Tries count against the limit for windowSeconds (areas/vip/vip-exchange.ts counts `created_at > now − window`).
    table: 'vip_code_attempts',
    async deleteSome(db, now, limit) {
      const ids = db
        .selectFrom('vip_code_attempts')
        .select('id')
        .where('created_at', '<=', now - VIP_CODE_RULES.windowSeconds)
        .limit(limit);
      return deleted(await db.deleteFrom('vip_code_attempts').where('id', 'in', ids).executeTakeFirst());
    },
  },
  {
    // A key replays its order for IDEMPOTENCY_TTL_SECONDS; an older one is ignored (areas/orders/order-create.ts).
    table: 'order_idempotency',
    async deleteSome(db, now, limit) {
      const keys = db
        .selectFrom('order_idempotency')
        .select(['user_id', 'key'])
        .where('created_at', '<=', now - IDEMPOTENCY_TTL_SECONDS)
        .limit(limit)
        .$asTuple('user_id', 'key');
      const r = await db
        .deleteFrom('order_idempotency')
        .where(({ eb, refTuple }) => eb(refTuple('user_id', 'key'), 'in', keys))
        .executeTakeFirst();
      return deleted(r);
    },
  },
];

export interface SweepOptions {
  rules?: readonly RetentionRule[];
  batch?: number;
  /** Asked between batches: true ends the run early (the server is closing). */
  stopped?: () => boolean;
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One run over every table; returns the rows deleted per table. A table that fails is reported through `onError`. */
export async function sweepRetention(
  s: Pick<Services, 'db' | 'clock'>,
  onError: (table: string, e: unknown) => void,
  o: SweepOptions = {},
): Promise<Record<string, number>> {
  const batch = o.batch ?? RETENTION_BATCH;
  const out: Record<string, number> = {};
  for (const rule of o.rules ?? RETENTION_RULES) {
    let total = 0;
    try {
      for (let i = 0; i < MAX_BATCHES && !o.stopped?.(); i++) {
        const n = await rule.deleteSome(s.db.kysely, s.clock(), batch);
        total += n;
        if (n < batch) break;
        await pause();
      }
    } catch (e) {
      onError(rule.table, e);
    }
    out[rule.table] = total;
  }
  return out;
}

/**
 * Runs the sweep every `seconds` (0: never), on an unref'd timer that never keeps the process alive. The returned
 * stop ends the timer and waits for a run under way, which stops after its current batch.
 */
export function startRetentionSweeper(
  s: Pick<Services, 'db' | 'clock'>,
  seconds: number,
  onError: (table: string, e: unknown) => void,
): () => Promise<void> {
  if (seconds <= 0) return async () => {};
  let stopped = false;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepRetention(s, onError, { stopped: () => stopped }).finally(() => {
      running = null;
    });
  }, seconds * 1000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

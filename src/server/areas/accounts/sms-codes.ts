import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Services } from '../../http/context';
import { type ApiError, badInput, tooMany } from '../../http/errors';
import { inTransaction } from '../../http/transaction';
import { deliverCode } from './sms-delivery';
import { countSend, type SmsSender } from './sms-limits';

/** Rules of the SMS login code. */
export const SMS_RULES = {
  length: 6,
  ttlSeconds: 300,
  resendSeconds: 60,
  perDay: 10,
  maxWrongTries: 5,
} as const;

/** `cancel`: the code of an account deletion (account-deletion.ts), which only a `cancel` code confirms. */
export type CodePurpose = 'login' | 'register' | 'cancel';

/** Start of the calendar day in China (UTC+8) that contains `now`. */
export function chinaDayStart(now: number): number {
  const offset = 8 * 3600;
  return Math.floor((now + offset) / 86400) * 86400 - offset;
}

function hashCode(mobile: string, code: string): string {
  return crypto.createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

/** Sends a code to `mobile`: the per-mobile rules first, then the limits of `sender` (its IP, device, the global budget, the challenge). */
export async function sendCode(
  s: Services,
  mobile: string,
  purpose: CodePurpose,
  sender: SmsSender,
): Promise<{ expires_in: number; resend_in: number }> {
  const now = s.clock();
  const code = String(crypto.randomInt(0, 10 ** SMS_RULES.length)).padStart(SMS_RULES.length, '0');
  // One send per mobile at a time: otherwise parallel requests all pass the checks and each sends an SMS.
  const rowId = await inTransaction(s, async (tx) => {
    await lockMobile(tx, mobile);
    const db = tx.db.kysely;
    const last = await db
      .selectFrom('sms_codes')
      .select('created_at')
      .where('mobile', '=', mobile)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (last && now - last.created_at < SMS_RULES.resendSeconds) {
      throw tooMany(`验证码发送过于频繁，请 ${SMS_RULES.resendSeconds - (now - last.created_at)} 秒后再试`);
    }
    const today = await db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mobile', '=', mobile)
      .where('created_at', '>=', chinaDayStart(now))
      .executeTakeFirstOrThrow();
    if (Number(today.n) >= SMS_RULES.perDay) throw tooMany(`该手机号今日验证码发送次数已达上限（${SMS_RULES.perDay} 次），请明天再试`);
    await countSend(tx, sender, chinaDayStart(now));
    const row = await db
      .insertInto('sms_codes')
      .values({
        mobile,
        purpose,
        code_hash: hashCode(mobile, code),
        created_at: now,
        expires_at: now + SMS_RULES.ttlSeconds,
        attempts: 0,
        consumed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  // A refused code is removed again, so it neither blocks the next send nor counts (see sms-delivery).
  await deliverCode(s, rowId, mobile, code, SMS_RULES.ttlSeconds);
  return { expires_in: SMS_RULES.ttlSeconds, resend_in: SMS_RULES.resendSeconds };
}

/** Serializes the logins and code sends of one mobile inside the caller's transaction (PostgreSQL; SQLite runs one transaction at a time anyway). */
export async function lockMobile(s: Services, mobile: string): Promise<void> {
  if (s.db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`.execute(s.db.kysely);
}

/**
 * Checks the newest code sent to `mobile` and consumes it when right. A wrong code counts
 * against that code's tries; after 5 wrong tries it is dead and a new one must be requested.
 */
export async function consumeCode(s: Services, mobile: string, code: string): Promise<void> {
  const refusal = await spendCode(s, mobile, code);
  if (refusal) throw refusal;
}

/**
 * consumeCode that returns its refusal instead of throwing it, so that a caller running it in a
 * transaction can commit a counted wrong try before refusing (a throw would roll the count back).
 * With `purpose`, only a code sent for that purpose counts (an account deletion needs its own code).
 */
export async function spendCode(s: Services, mobile: string, code: string, purpose?: CodePurpose): Promise<ApiError | null> {
  const now = s.clock();
  const db = s.db.kysely;
  const row = await db
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.consumed_at !== null || (purpose !== undefined && row.purpose !== purpose)) return badInput('请先获取短信验证码');
  if (row.expires_at <= now) return badInput('验证码已过期，请重新获取');
  if (row.attempts >= SMS_RULES.maxWrongTries) return badInput('验证码错误次数过多，请重新获取');
  const given = hashCode(mobile, code);
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(row.code_hash))) {
    // Counted in the database, so parallel guesses cannot share one try.
    const counted = await db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', SMS_RULES.maxWrongTries)
      .returning('attempts')
      .executeTakeFirst();
    const left = counted ? SMS_RULES.maxWrongTries - counted.attempts : 0;
    return badInput(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
  }
  const taken = await db
    .updateTable('sms_codes')
    .set({ consumed_at: now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', SMS_RULES.maxWrongTries)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? null : badInput('验证码已使用或已失效，请重新获取');
}

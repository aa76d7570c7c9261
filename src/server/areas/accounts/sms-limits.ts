/**
 * Limits on who sends SMS codes (against SMS pumping: one client sending codes to many mobiles). Each send counts
 * against its IP and its device id per hour and per China day, and against a global hourly budget; beyond a few
 * sends per hour from one IP, each further send needs a solved proof-of-work challenge. The counters are raised by
 * a conditional upsert inside the send's transaction, so parallel sends through several servers on one database
 * never pass a limit, and a send refused later (e.g. by a per-mobile rule) counts nothing.
 */
import type { RequestContext, Services } from '../../http/context';
import { tooMany } from '../../http/errors';
import { challengeRefusal, spendChallenge } from './sms-challenge';

/** Who asks for a code. */
export interface SmsSender {
  ip: string;
  /** The client's device id header, when it sent a well-formed one (a client may omit it: the IP limits still hold). */
  device: string | null;
  /** A solved challenge payload, when the client sends one. */
  challenge: string | undefined;
}

/** The header the app sends with every request: a random id kept in the device's storage. */
export const DEVICE_ID_HEADER = 'deviceid';
const DEVICE_ID_RE = /^[A-Za-z0-9_-]{16,64}$/;

export function senderOf(ctx: RequestContext, challenge: string | undefined): SmsSender {
  const raw = ctx.headers[DEVICE_ID_HEADER];
  const device = typeof raw === 'string' && DEVICE_ID_RE.test(raw) ? raw : null;
  return { ip: ctx.ip, device, challenge };
}

/**
 * Counts one send in window `scope`/`subject`/`windowStart` unless it already holds `limit` (0: no limit);
 * false when full. One statement on both databases: a parallel send waits for the row and sees the raised count.
 */
async function bump(tx: Services, scope: string, subject: string, windowStart: number, limit: number): Promise<boolean> {
  if (limit <= 0) return true;
  const row = await tx.db.kysely
    .insertInto('sms_send_counters')
    .values({ scope, subject, window_start: windowStart, sends: 1 })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'subject', 'window_start'])
        .doUpdateSet((eb) => ({ sends: eb('sms_send_counters.sends', '+', 1) }))
        .where('sms_send_counters.sends', '<', limit),
    )
    .returning('sends')
    .executeTakeFirst();
  return row !== undefined;
}

async function sendsIn(tx: Services, scope: string, subject: string, windowStart: number): Promise<number> {
  const row = await tx.db.kysely
    .selectFrom('sms_send_counters')
    .select('sends')
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row?.sends ?? 0;
}

/**
 * Counts a send against every limit of its sender, or throws the refusal (4029, or 4028: solve a challenge first).
 * `day` is the start of the China calendar day the per-day limits count in (sms-codes' chinaDayStart).
 */
export async function countSend(tx: Services, sender: SmsSender, day: number): Promise<void> {
  const limits = tx.config.smsLimits;
  const now = tx.clock();
  const hour = Math.floor(now / 3600) * 3600;
  const solved = sender.challenge !== undefined;
  if (sender.challenge !== undefined) await spendChallenge(tx, sender.challenge);

  if (!(await bump(tx, 'ip_day', sender.ip, day, limits.ipDay))) throw tooMany('当前网络今日发送验证码次数已达上限，请明天再试');
  // Without a solved challenge an IP may send only `challengeAfter` codes an hour; with one, up to the hard limit.
  const gate = limits.challengeAfter > 0 && !solved;
  const hourCap = gate ? (limits.ipHour > 0 ? Math.min(limits.ipHour, limits.challengeAfter) : limits.challengeAfter) : limits.ipHour;
  if (!(await bump(tx, 'ip_hour', sender.ip, hour, hourCap))) {
    if (limits.ipHour > 0 && (await sendsIn(tx, 'ip_hour', sender.ip, hour)) >= limits.ipHour) {
      throw tooMany('当前网络发送验证码过于频繁，请 1 小时后再试');
    }
    throw challengeRefusal('发送验证码较频繁，请先完成人机验证');
  }
  if (sender.device !== null) {
    if (!(await bump(tx, 'device_day', sender.device, day, limits.deviceDay)))
      throw tooMany('本设备今日发送验证码次数已达上限，请明天再试');
    if (!(await bump(tx, 'device_hour', sender.device, hour, limits.deviceHour)))
      throw tooMany('本设备发送验证码过于频繁，请 1 小时后再试');
  }
  if (!(await bump(tx, 'global_hour', 'all', hour, limits.globalHour))) throw tooMany('验证码发送繁忙，请稍后再试');
  // Windows older than yesterday count nothing any more.
  await tx.db.kysely
    .deleteFrom('sms_send_counters')
    .where('window_start', '<', day - 86400)
    .execute();
}

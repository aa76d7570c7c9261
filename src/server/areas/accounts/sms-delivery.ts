/**
 * Hands a stored login code to the SMS carrier and turns a carrier refusal into what the user reads.
 *
 * A code the carrier refused was never delivered: its row is deleted, so it neither holds the mobile's next send back
 * for 60 s nor counts against the 10 a day. A carrier that did not answer may still deliver: that row is kept (it can
 * log the user in, and it counts, so timeouts cannot be used to send unlimited codes).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sms as smsText } from '../../../i18n/zh-CN/sms';
import type { Services } from '../../http/context';
import { type ApiError, badInput, tooMany } from '../../http/errors';
import { SmsRefused } from '../../providers/sms/types';

/** Every refusal is a 4xx the SMS endpoints already declare: 4000 for the number, 4029 "try again later" otherwise. */
export function refusalError(e: SmsRefused): ApiError {
  return e.kind === 'badNumber' ? badInput(smsText.badNumber) : tooMany(smsText[e.kind]);
}

export async function deliverCode(
  s: Services & { log?: FastifyBaseLogger },
  rowId: number,
  mobile: string,
  code: string,
  ttlSeconds: number,
): Promise<void> {
  try {
    await s.providers.sms.sendCode(mobile, code, ttlSeconds);
  } catch (e) {
    const refused = e instanceof SmsRefused ? e : new SmsRefused('unreachable', 'PROVIDER_ERROR', s.providers.sms.name);
    // The carrier's code is for the operator (an empty balance or a wrong key needs someone); never the key itself.
    const level = refused.kind === 'account' ? 'error' : 'warn';
    s.log?.[level]({ carrier: refused.carrier, carrierCode: refused.carrierCode, kind: refused.kind }, 'SMS carrier refused a login code');
    if (refused.kind !== 'unreachable') await s.db.kysely.deleteFrom('sms_codes').where('id', '=', rowId).execute();
    throw refusalError(refused);
  }
}

/**
 * What every WeChat Pay notification goes through before an area handles it (payments: pay-notify, refunds:
 * refund-notify): the signature is verified first, then the event parsed and, when wanted, its resource decrypted.
 */
import type { Services } from '../../http/context';
import { decryptResource, type EncryptedResource, signedHeadersOf, verifySigned } from './wechatpay-v3-crypto';

export interface NotifyAnswer {
  status: number;
  body?: { code: 'FAIL'; message: string };
}

export const fail = (status: number, message: string): NotifyAnswer => ({ status, body: { code: 'FAIL', message } });

export type NotifyLog = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * The part every WeChat Pay notification goes through (payments here, refunds in ./refund-notify.ts): the signature
 * is verified first, then the event parsed and, when `wanted` takes its type, its resource decrypted. Returns the
 * answer to give (a refusal, or 204 for an event the caller does not handle) or the event type and decrypted resource.
 */
export async function openNotification<T>(
  s: Pick<Services, 'clock' | 'providers'>,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  log: NotifyLog,
  wanted: (eventType: string) => boolean,
): Promise<{ answer: NotifyAnswer } | { eventType: string; resource: T }> {
  const pay = await s.providers.pay();
  const verdict = verifySigned(signedHeadersOf(headers), rawBody, pay.verifyKeys, s.clock());
  if (!verdict.ok) {
    log.warn({ reason: verdict.reason }, 'wechat pay notification refused');
    return { answer: fail(401, `验签失败（${verdict.reason}）`) };
  }
  let event: { event_type?: string; resource?: EncryptedResource };
  try {
    event = JSON.parse(rawBody);
  } catch {
    return { answer: fail(400, '通知不是 JSON') };
  }
  const eventType = String(event.event_type ?? '');
  if (!wanted(eventType)) return { answer: { status: 204 } };
  try {
    return { eventType, resource: JSON.parse(decryptResource(event.resource as EncryptedResource, pay.apiV3Key)) as T };
  } catch {
    log.warn({}, 'wechat pay notification: resource cannot be decrypted');
    return { answer: fail(400, '通知内容无法解密') };
  }
}

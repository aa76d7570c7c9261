import { loadSandboxKeys, SANDBOX_PUBLIC_KEY_ID } from '../../src/server/providers/pay/sandbox-keys';
import { encryptResource, nonceOf, signReply } from '../../src/server/providers/pay/wechatpay-v3-crypto';
import type { TestServer } from './test-server';

export interface ForgedNotification {
  body: string;
  headers: Record<string, string>;
}

/**
 * A notification as WeChat Pay would send it to the sandbox's merchant: `plain` encrypted as the resource under the
 * APIv3 key, the body signed with the sandbox's platform key (`over` changes the timestamp, serial or event).
 */
export async function signedNotification(
  s: TestServer,
  plain: object,
  over: { timestamp?: number; serial?: string; eventType?: string } = {},
): Promise<ForgedNotification> {
  const keys = await loadSandboxKeys(s.services.db);
  const eventType = over.eventType ?? 'TRANSACTION.SUCCESS';
  const kind = eventType.startsWith('REFUND.') ? 'refund' : 'transaction';
  const resource = encryptResource(JSON.stringify(plain), keys.apiV3Key, nonceOf(12), kind, kind);
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: kind === 'refund' ? '退款成功' : '支付成功',
    resource,
  });
  const h = signReply(body, keys.platformPrivate, over.serial ?? SANDBOX_PUBLIC_KEY_ID, over.timestamp ?? s.services.clock(), nonceOf());
  return {
    body,
    headers: {
      'wechatpay-timestamp': h.timestamp,
      'wechatpay-nonce': h.nonce,
      'wechatpay-signature': h.signature,
      'wechatpay-serial': h.serial,
    },
  };
}

/** Posts a notification body with its headers to a notify path of the test server. */
export function postNotification(s: TestServer, path: string, n: ForgedNotification): Promise<Response> {
  return fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...n.headers }, body: n.body });
}

/** A notification the sandbox sent, as it would have been posted. */
export interface SentNotification {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * Makes the payment sandbox keep its notifications in `sent` (answered `reply`) instead of posting them, so each test
 * delivers what it wants; `options` set its repeats and probes (default: none).
 */
export function keepSandboxNotifications(
  pay: { sandbox?: unknown },
  sent: SentNotification[],
  options: { repeats?: number; repeatDelayMs?: number; probeEvery?: number; reply?: number } = {},
): void {
  const { reply = 204, ...rest } = options;
  Object.assign((pay.sandbox as { o: object }).o, {
    repeats: 0,
    probeEvery: 0,
    ...rest,
    deliver: async (url: string, body: string, headers: Record<string, string>) => {
      sent.push({ url, body, headers });
      return reply;
    },
  });
}

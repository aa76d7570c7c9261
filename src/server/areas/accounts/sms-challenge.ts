/**
 * The proof-of-work challenge asked before an SMS code is sent once one network has sent a few (ALTCHA: altcha-lib
 * on the server, the `altcha` widget in the login form's lazy chunk). It needs no outside service, so it works
 * offline and in WeChat's browser. Challenges are signed with ALTCHA_HMAC_KEY, so any server checks what another
 * issued; a solved one is spent once (its signature is kept until it expires).
 */
import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import * as z from 'zod/mini';
import type * as auth from '../../../contract/accounts';
import type { OutputOf } from '../../../contract/endpoint';
import { CODE } from '../../../contract/envelope';
import type { Services } from '../../http/context';
import { ApiError } from '../../http/errors';

/**
 * PBKDF2/SHA-256 in Web Crypto, which every browser that runs the app has (WeChat's included), with no worker or
 * WebAssembly. The solver tries counters from 0 up to the one chosen here, each a 1 000-iteration PBKDF2: about
 * 100–400 ms on a recent phone, repeated for every send, which is what makes sending to thousands costly.
 */
export const CHALLENGE_RULES = { algorithm: 'PBKDF2/SHA-256', cost: 1000, counterMin: 100, counterMax: 400, ttlSeconds: 300 } as const;

/** HTTP 428 + 4028: the client shows the challenge and sends again with the solved payload. */
export const challengeRefusal = (msg: string) => new ApiError(428, CODE.challengeRequired, msg);

/** Separate keys for the challenge and its derived-key signature, both from the one setting. */
function keys(s: Services): { challenge: string; derived: string } {
  const base = s.config.altchaHmacKey;
  if (!base) throw new ApiError(503, CODE.upstream, '人机验证暂不可用，请稍后再试');
  const sub = (label: string) => crypto.createHmac('sha256', base).update(label).digest('hex');
  return { challenge: sub('altcha-challenge'), derived: sub('altcha-derived-key') };
}

export async function issueChallenge(s: Services): Promise<OutputOf<typeof auth.smsChallenge>> {
  const k = keys(s);
  const c = await createChallenge({
    algorithm: CHALLENGE_RULES.algorithm,
    cost: CHALLENGE_RULES.cost,
    counter: randomInt(CHALLENGE_RULES.counterMax, CHALLENGE_RULES.counterMin),
    deriveKey,
    expiresAt: s.clock() + CHALLENGE_RULES.ttlSeconds,
    hmacSignatureSecret: k.challenge,
    hmacKeySignatureSecret: k.derived,
  });
  const p = c.parameters;
  // The contract publishes exactly the signed fields: the client must echo them unchanged.
  return {
    parameters: {
      algorithm: p.algorithm,
      nonce: p.nonce,
      salt: p.salt,
      cost: p.cost,
      keyLength: p.keyLength,
      keyPrefix: p.keyPrefix,
      ...(p.keySignature ? { keySignature: p.keySignature } : {}),
      expiresAt: p.expiresAt ?? 0,
    },
    signature: c.signature ?? '',
  };
}

const payloadShape = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(CHALLENGE_RULES.algorithm),
      nonce: z.string().check(z.maxLength(128)),
      salt: z.string().check(z.maxLength(128)),
      cost: z.literal(CHALLENGE_RULES.cost),
      keyLength: z.number().check(z.int(), z.minimum(16), z.maximum(64)),
      keyPrefix: z.string().check(z.maxLength(128)),
      keySignature: z.optional(z.string().check(z.maxLength(256))),
      expiresAt: z.number(),
    }),
    signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
  solution: z.object({
    counter: z.number().check(z.int(), z.minimum(0), z.maximum(0xffffffff)),
    derivedKey: z.string().check(z.regex(/^[0-9a-f]{2,256}$/)),
  }),
});

function decode(raw: string): z.infer<typeof payloadShape> | null {
  try {
    const parsed = payloadShape.safeParse(JSON.parse(Buffer.from(raw, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a solved challenge and spends it inside the caller's transaction (a refused send rolls the spend back,
 * so the user may send again with it). Throws 4028 when it is malformed, forged, expired, wrong or already used.
 */
export async function spendChallenge(tx: Services, raw: string): Promise<void> {
  const payload = decode(raw);
  const now = tx.clock();
  if (!payload) throw challengeRefusal('人机验证数据无效，请重新验证');
  const { parameters } = payload.challenge;
  // altcha-lib checks expiry with the wall clock; this server's clock is the one that counts (and tests move it).
  if (parameters.expiresAt <= now) throw challengeRefusal('人机验证已过期，请重新验证');
  const k = keys(tx);
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: k.challenge,
    hmacKeySignatureSecret: k.derived,
  });
  if (!result.verified) throw challengeRefusal('人机验证未通过，请重新验证');
  const db = tx.db.kysely;
  await db.deleteFrom('sms_challenge_uses').where('expires_at', '<', now).execute();
  // The primary key makes a second spend of one signature change nothing, on every server at once.
  const spent = await db
    .insertInto('sms_challenge_uses')
    .values({ signature: payload.challenge.signature, expires_at: parameters.expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  if (!spent) throw challengeRefusal('人机验证已使用，请重新验证');
}

/**
 * The offline WeChat Pay sandbox's keys: a merchant key pair (our side signs with its private half, the sandbox
 * checks with the public half), a "WeChat Pay public key" pair (the sandbox signs replies and notifications, we
 * verify) and an APIv3 key. Made once per database and kept in `meta`, so every app server on one database shares
 * them (the first writer wins a race). Sandbox keys only: the real ones come from the environment.
 */
import crypto, { type KeyObject } from 'node:crypto';
import type { Db } from '../../db/connect';

export const SANDBOX_MCHID = '1900000109';
export const SANDBOX_MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7200000SBX';
export const SANDBOX_PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092026112400000SBX';

export interface SandboxKeys {
  merchantPrivate: KeyObject;
  merchantPublic: KeyObject;
  platformPrivate: KeyObject;
  platformPublic: KeyObject;
  apiV3Key: string;
}

async function kept(db: Db, key: string, make: () => string): Promise<string> {
  const read = () => db.kysely.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  const have = await read();
  if (have) return have.value;
  await db.kysely
    .insertInto('meta')
    .values({ key, value: make() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await read())?.value as string;
}

const pem = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

export async function loadSandboxKeys(db: Db): Promise<SandboxKeys> {
  const merchant = crypto.createPrivateKey(await kept(db, 'wechatpay_sandbox_merchant_key', pem));
  const platform = crypto.createPrivateKey(await kept(db, 'wechatpay_sandbox_platform_key', pem));
  const apiV3Key = await kept(db, 'wechatpay_sandbox_apiv3_key', () => crypto.randomBytes(24).toString('base64url').slice(0, 32));
  return {
    merchantPrivate: merchant,
    merchantPublic: crypto.createPublicKey(merchant),
    platformPrivate: platform,
    platformPublic: crypto.createPublicKey(platform),
    apiV3Key,
  };
}

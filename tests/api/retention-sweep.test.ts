import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as order from '../../src/contract/orders';
import { VIP_CODE_RULES } from '../../src/contract/vip';
import { chinaDayStart, SMS_RULES } from '../../src/server/areas/accounts/sms-codes';
import { STATE_TTL } from '../../src/server/areas/accounts/wechat-login';
import { RETENTION_RULES, type RetentionRule, sweepRetention } from '../../src/server/areas/framework/retention-sweep';
import { IDEMPOTENCY_TTL_SECONDS } from '../../src/server/areas/orders/order-create';
import { request } from '../support/api-client';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser } from '../support/user-center-flows';

/**
 * The retention job: expired login codes, OAuth states and keys, VIP-code tries and idempotency keys are deleted,
 * while every row something still reads (a valid code, today's codes the daily limit counts, a try inside the
 * window, a key that still replays) is kept; a backlog goes in batches; one failing table does not stop the others;
 * the server runs it on its own every RETENTION_SWEEP_SECONDS.
 */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  const db = () => s.services.db.kysely;
  const errors: Array<[string, unknown]> = [];
  const sweep = (o: Parameters<typeof sweepRetention>[2] = {}) => sweepRetention(s.services, (t, e) => errors.push([t, e]), o);
  const mobile = () => `139${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}`;
  const smsCode = (m: string, createdAt: number) => ({
    mobile: m,
    purpose: 'login',
    code_hash: crypto.randomBytes(32).toString('hex'),
    created_at: createdAt,
    expires_at: createdAt + SMS_RULES.ttlSeconds,
    attempts: 0,
    consumed_at: null,
  });
  const count = async (table: 'vip_code_attempts', userId: number) =>
    (await db().selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;

  beforeAll(async () => {
    s = await startTestServer(kind, { config: { retentionSweepSeconds: 0 } });
  });
  afterAll(() => s.close());

  it('deletes what has expired and keeps every row that is still read', async () => {
    errors.length = 0;
    const now = s.services.clock();
    const u = await newUser(s);

    const m = mobile();
    const today = chinaDayStart(now);
    await db()
      .insertInto('sms_codes')
      .values([smsCode(m, now - 2 * 86400), smsCode(m, today - 3600), smsCode(m, today), smsCode(m, now - 10)])
      .execute();

    const state = (tag: string) => `${tag}-${crypto.randomBytes(6).toString('hex')}`;
    const [oldState, usedState, freshState] = [state('old'), state('used'), state('fresh')];
    await db()
      .insertInto('oauth_states')
      .values([
        { state: oldState, redirect_url: '/', created_at: now - STATE_TTL - 1, used_at: null },
        { state: usedState, redirect_url: '/', created_at: now - STATE_TTL - 60, used_at: now - STATE_TTL - 50 },
        { state: freshState, redirect_url: '/', created_at: now - 5, used_at: null },
      ])
      .execute();

    const identity = await db()
      .insertInto('third_identities')
      .values({
        provider: 'wechat',
        openid: `o-${crypto.randomBytes(6).toString('hex')}`,
        nickname: '',
        avatar: '',
        user_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [deadKey, liveKey] = [state('dead'), state('live')];
    await db()
      .insertInto('third_auth_keys')
      .values([
        { key: deadKey, identity_id: identity.id, expires_at: now - 1, used_at: null },
        { key: liveKey, identity_id: identity.id, expires_at: now + 1000, used_at: null },
      ])
      .execute();

    await db()
      .insertInto('vip_code_attempts')
      .values([
        { user_id: u.id, ok: 0, created_at: now - VIP_CODE_RULES.windowSeconds - 30 },
        { user_id: u.id, ok: 1, created_at: now - VIP_CODE_RULES.windowSeconds },
        { user_id: u.id, ok: 0, created_at: now - VIP_CODE_RULES.windowSeconds + 30 },
      ])
      .execute();

    const good = await db()
      .selectFrom('goods')
      .select('id')
      .where('kind', '=', 'ebook')
      .where('price', '>', 0)
      .where('on_sale', '=', 1)
      .executeTakeFirstOrThrow();
    const made = await request(
      s.url,
      order.create,
      { goods: { [good.id]: 1 } },
      { token: u.token, headers: { 'Idempotency-Key': 'fresh-key' } },
    );
    expect(made.body.status, made.body.msg).toBe(0);
    await db()
      .insertInto('order_idempotency')
      .values({ user_id: u.id, key: 'stale-key', body_hash: 'x', order_id: made.body.data.id, created_at: now - IDEMPOTENCY_TTL_SECONDS })
      .execute();

    const out = await sweep();
    expect(errors).toEqual([]);
    for (const table of ['sms_codes', 'oauth_states', 'third_auth_keys', 'vip_code_attempts', 'order_idempotency'])
      expect(out[table], table).toBeGreaterThanOrEqual(1);

    // Codes: those of two days ago and of the hour before the China day began go; today's (the daily limit counts
    // them) and the valid one stay.
    const codes = await db().selectFrom('sms_codes').select('created_at').where('mobile', '=', m).orderBy('created_at').execute();
    expect(codes.map((c) => c.created_at)).toEqual([...new Set([today, now - 10])].sort((a, b) => a - b));

    const states = await db().selectFrom('oauth_states').select('state').where('state', 'in', [oldState, usedState, freshState]).execute();
    expect(states.map((r) => r.state)).toEqual([freshState]);
    const keys = await db().selectFrom('third_auth_keys').select('key').where('key', 'in', [deadKey, liveKey]).execute();
    expect(keys.map((r) => r.key)).toEqual([liveKey]);
    const tries = await db().selectFrom('vip_code_attempts').select('created_at').where('user_id', '=', u.id).execute();
    expect(tries.map((r) => r.created_at)).toEqual([now - VIP_CODE_RULES.windowSeconds + 30]);
    const idem = await db().selectFrom('order_idempotency').select('key').where('user_id', '=', u.id).execute();
    expect(idem.map((r) => r.key)).toEqual(['fresh-key']);

    // A second run finds nothing more of these.
    const again = await sweep();
    expect(again.oauth_states).toBe(0);
    expect(await db().selectFrom('sms_codes').select('id').where('mobile', '=', m).execute()).toHaveLength(codes.length);
  });

  it('a large backlog goes in small batches; a table that fails is reported and the others are still swept', async () => {
    errors.length = 0;
    const u = await newUser(s);
    const old = s.services.clock() - VIP_CODE_RULES.windowSeconds - 60;
    for (let i = 0; i < 5; i++) {
      await db()
        .insertInto('vip_code_attempts')
        .values(Array.from({ length: 250 }, () => ({ user_id: u.id, ok: 0, created_at: old })))
        .execute();
    }
    const batches: number[] = [];
    const vipRule = RETENTION_RULES.find((r) => r.table === 'vip_code_attempts') as RetentionRule;
    const counted: RetentionRule = {
      table: vipRule.table,
      async deleteSome(k, now, limit) {
        const n = await vipRule.deleteSome(k, now, limit);
        batches.push(n);
        return n;
      },
    };
    const broken: RetentionRule = {
      table: 'broken',
      deleteSome: async () => {
        throw new Error('relation "broken" does not exist');
      },
    };
    const out = await sweep({ rules: [broken, counted], batch: 100 });
    expect(errors.map(([t]) => t)).toEqual(['broken']);
    expect(out.vip_code_attempts).toBeGreaterThanOrEqual(1250);
    expect(await count('vip_code_attempts', u.id)).toBe(0);
    expect(Math.max(...batches)).toBeLessThanOrEqual(100);
    expect(batches.length).toBeGreaterThanOrEqual(13);
  });

  it('the server runs it by itself every RETENTION_SWEEP_SECONDS and stops it on close', async () => {
    const own = await startTestServer(kind, { config: { retentionSweepSeconds: 1 } });
    try {
      const now = own.services.clock();
      await own.services.db.kysely
        .insertInto('oauth_states')
        .values([
          { state: 'timer-old', redirect_url: '/', created_at: now - STATE_TTL - 1, used_at: null },
          { state: 'timer-fresh', redirect_url: '/', created_at: now, used_at: null },
        ])
        .execute();
      const left = async () =>
        (await own.services.db.kysely.selectFrom('oauth_states').select('state').where('state', 'like', 'timer-%').execute()).map(
          (r) => r.state,
        );
      await expect.poll(left, { timeout: 5000, interval: 200 }).toEqual(['timer-fresh']);
    } finally {
      await own.close();
    }
  });
});

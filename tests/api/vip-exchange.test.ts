import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as uc from '../../src/contract/users-center';
import * as vip from '../../src/contract/vip';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { newUser, type TestUser } from '../support/user-center-flows';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  const db = () => s.services.db.kysely;
  const redeem = (u: TestUser, code: unknown) => request(s.url, vip.exchange, { code }, { token: u.token });
  const addCode = async (code: string, over: { days?: number; expiresIn?: number; type?: string } = {}) => {
    await db()
      .insertInto('vip_codes')
      .values({
        code,
        vip_type: over.type ?? 'cet_vip',
        days: over.days ?? 30,
        expires_at: s.services.clock() + (over.expiresIn ?? 86400),
        used_by: null,
        used_at: null,
        batch: 'test',
      })
      .execute();
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  it('a code starts a membership once (any case, dashes ignored); new-vip-info shows it; a second code extends it', async () => {
    const u = await newUser(s);
    await addCode('TESTCODE0001');
    await addCode('TESTCODE0002', { days: 10 });
    const now = s.services.clock();
    const first = (await redeem(u, 'test-code-0001')).body.data;
    expect(first).toMatchObject({ vip_type: 'cet_vip', name: '四六级VIP', days: 30, expires_at: now + 30 * 86400 });
    const info = (await request(s.url, uc.vipInfoEndpoint, { vip_type: 'cet_vip' }, { token: u.token })).body.data;
    expect(info).toMatchObject({ is_vip: 1, expires_at: first.expires_at });
    expect((await redeem(u, 'TESTCODE0002')).body.data.expires_at).toBe(now + 40 * 86400);
    expectRefused(await redeem(u, 'TESTCODE0001'), 409, CODE.conflict, '你已经兑换过');
    const other = await newUser(s);
    expectRefused(await redeem(other, 'TESTCODE0001'), 409, CODE.conflict, '已被使用');
  });

  it('a subject membership covers its own subject only; a membership without a subject covers every one', async () => {
    const u = await newUser(s);
    await addCode('SUBJECTCODE1');
    expect((await redeem(u, 'SUBJECTCODE1')).body.status).toBe(0);
    const genus = async (name: string) =>
      (await db().selectFrom('genera').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const info = async (genusId: number) => (await request(s.url, uc.vipInfoEndpoint, { genus_id: genusId }, { token: u.token })).body.data;
    expect(await info(await genus('英语四六级'))).toMatchObject({ is_vip: 1, vip_type: 'cet_vip', scope: '英语四六级' });
    expect(await info(await genus('计算机等级'))).toMatchObject({ is_vip: 0 });
    const row = await db().selectFrom('user_vips').select('genus_id').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.genus_id).toBe(await genus('英语四六级'));
  });

  it('two users racing for one code: one membership between them', async () => {
    await addCode('RACECODE0001');
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser(s)));
    const replies = await Promise.all(users.map((u) => redeem(u, 'RACECODE0001')));
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
    const rows = await db()
      .selectFrom('user_vips')
      .select('user_id')
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('unknown and expired codes are refused with their own message; wrong tries are rate-limited', async () => {
    const u = await newUser(s);
    await addCode('OLDCODE00001', { expiresIn: -1 });
    expectRefused(await redeem(u, 'OLDCODE00001'), 409, CODE.conflict, '已过期');
    expectRefused(await redeem(u, 'NOSUCHCODE01'), 404, CODE.notFound, '兑换码不存在');
    expectRefused(await redeem(u, ''), 400, CODE.badInput, '请输入兑换码');
    expectRefused(await redeem(u, 'x'.repeat(41)), 400, CODE.badInput, 'code');
    for (let i = 0; i < 3; i++) await redeem(u, `WRONG${i}0000000`);
    await addCode('GOODCODE0001');
    expectRefused(await redeem(u, 'GOODCODE0001'), 429, CODE.tooMany, '输错次数过多');
    expect(await db().selectFrom('user_vips').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(0);
    s.advance(vip.VIP_CODE_RULES.windowSeconds + 1);
    try {
      expect((await redeem(u, 'GOODCODE0001')).body.status).toBe(0);
    } finally {
      s.advance(-(vip.VIP_CODE_RULES.windowSeconds + 1));
    }
  });

  it('parallel wrong guesses cannot pass the limit: at most the limit is tried and counted, then every guess is refused', async () => {
    const u = await newUser(s);
    const { maxFailures } = vip.VIP_CODE_RULES;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => redeem(u, `GUESS${String(i).padStart(7, '0')}`)));
    // A guess that was tried is answered "not found"; every other one is refused by the limit before it is tried.
    const tried = replies.filter((r) => r.body.code === CODE.notFound);
    expect(tried.length).toBeGreaterThanOrEqual(1);
    expect(tried.length).toBeLessThanOrEqual(maxFailures);
    for (const r of replies.filter((x) => x.body.code !== CODE.notFound)) expectRefused(r, 429, CODE.tooMany, '输错次数过多');
    const counted = await db().selectFrom('vip_code_attempts').select('id').where('user_id', '=', u.id).where('ok', '=', 0).execute();
    expect(counted.length).toBe(tried.length);
    // Once the limit is reached, a right code is refused too, until the window has passed.
    for (let i = tried.length; i < maxFailures; i++) expect((await redeem(u, `MORE${i}00000000`)).body.code).toBe(CODE.notFound);
    await addCode('PARALLELOK01');
    expectRefused(await redeem(u, 'PARALLELOK01'), 429, CODE.tooMany, '输错次数过多');
    expect(await db().selectFrom('vip_code_attempts').select('id').where('user_id', '=', u.id).execute()).toHaveLength(maxFailures);
  });

  it('the demo seed has codes a tester can redeem', async () => {
    const u = await newUser(s);
    expect((await redeem(u, 'BKDEMOCET30A1')).body.data.vip_type).toBe('cet_vip');
    expectRefused(await redeem(u, 'BKDEMOOLD0001'), 409, CODE.conflict, '已过期');
  });
});

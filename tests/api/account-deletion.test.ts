import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as binding from '../../src/contract/accounts-binding';
import * as cancel from '../../src/contract/accounts-cancel';
import * as activity from '../../src/contract/activities';
import { CODE } from '../../src/contract/envelope';
import * as order from '../../src/contract/orders';
import * as user from '../../src/contract/users';
import * as uc from '../../src/contract/users-center';
import { DELETED_NICKNAME, PERSONAL_TABLES } from '../../src/server/areas/accounts/account-deletion';
import { markPaid } from '../../src/server/areas/orders/order-state';
import { request } from '../support/api-client';
import { bindCode, wechatOnlyUser } from '../support/binding-flows';
import { expectRefused, freshMobile, lastCode, loginAs } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { createAddress, grantVip, newUser, type TestUser } from '../support/user-center-flows';

// 注销账号 (issue 24): the code goes to the account's own mobile; a wrong one changes nothing of the account; a right one
// deletes or anonymises every personal row (docs/decisions/account-deletion.md), keeps the orders without their person,
// ends every session at once, and leaves the mobile free to register again as a brand-new user.

/** Columns that make a table personal: a user id of some kind, or data that identifies a person. */
const PERSONAL_COLUMNS = ['user_id', 'referrer_id', 'invitee_id', 'used_by', 'mobile', 'phone', 'openid', 'ip', 'user_agent', 'device_id'];

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const db = () => s.services.db.kysely;
  const sendCancel = (token: string) => request(s.url, cancel.cancelCode, {}, { token });
  const doCancel = (token: string, code: string) => request(s.url, cancel.cancel, { code }, { token });
  const baseInfo = (token: string) => request(s.url, user.baseInfo, {}, { token });

  async function goodOf(kind: string) {
    return db()
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', kind)
      .where('on_sale', '=', 1)
      .where('price', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }
  /** A paid order of one good (an address for a physical one): its id and item id. */
  async function paidOrder(u: TestUser, goodKind: string) {
    const g = await goodOf(goodKind);
    const address = goodKind === 'physical' ? { address_id: (await createAddress(s, u)).id } : {};
    const made = await request(s.url, order.create, { goods: { [g.id]: 1 }, ...address, remark: '请周末送到公司前台' }, { token: u.token });
    expect(made.body.msg).toBe('ok');
    const orderId = made.body.data.id as number;
    expect(await markPaid(s.services, orderId, s.services.clock())).toBe(true);
    const item = await db().selectFrom('order_goods').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    return { orderId, itemId: item.id, total: made.body.data.total as number };
  }
  /** Marks the item's parcel as signed for, as the tracking provider would. */
  async function signedFor(orderId: number, itemId: number) {
    await db()
      .insertInto('shipments')
      .values({
        order_id: orderId,
        order_goods_id: itemId,
        carrier_code: 'sf',
        tracking_no: `SF${orderId}00000001`,
        phone: '13912345678',
        shipped_at: s.services.clock(),
        state: 'signed',
      })
      .execute();
  }
  /** Sends a deletion code and reads it from the dev inbox. */
  async function cancelCode(u: { token: string; mobile: string }): Promise<string> {
    const sent = await sendCancel(u.token);
    expect(sent.body).toMatchObject({
      status: 0,
      data: { expires_in: 300, resend_in: 60, mobile: `${u.mobile.slice(0, 3)}****${u.mobile.slice(7)}` },
    });
    const code = lastCode(s, u.mobile);
    if (!code) throw new Error('no cancel code');
    return code;
  }
  /** Rows of any table of the plan whose `column` is `id`. */
  const rowsOf = async (table: string, column: string, id: number) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(db())).rows[0]?.n,
    );

  it('decides for every table with a user id or personal column (the plan and docs/decisions/account-deletion.md)', async () => {
    const tables = await db().introspection.getTables();
    const personal = tables
      .filter((t) => t.columns.some((c) => PERSONAL_COLUMNS.includes(c.name)))
      .map((t) => t.name)
      .sort();
    expect(personal.filter((t) => !(t in PERSONAL_TABLES))).toEqual([]);
    expect(Object.keys(PERSONAL_TABLES).filter((t) => !tables.some((x) => x.name === t))).toEqual([]);
  });

  it('deletes or anonymises the personal data, keeps the orders without their person, ends every session; the mobile registers anew', async () => {
    // An account with a WeChat identity and a bound mobile, an address, a collection, feedback, a VIP, a delivered physical order and a course.
    const w = await wechatOnlyUser(s);
    const mobile = freshMobile();
    const bound = await request(s.url, binding.confirmBindMobile, { mobile, code: await bindCode(s, w.token, mobile) }, { token: w.token });
    expect(bound.body.msg).toBe('ok');
    const u: TestUser = { id: w.id, token: w.token, mobile };
    s.advance(61);
    const other = await loginAs(s, mobile); // a second session of the same account
    expect(other.user.id).toBe(u.id);
    const news = await db().selectFrom('news').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await request(s.url, uc.addCollection, { type: 'news', ref_id: news.id }, { token: u.token })).body.msg).toBe('ok');
    expect(
      (await request(s.url, user.feedback, { content: '我的手机号是多少来着', page_url: '/user/home' }, { token: u.token })).body.msg,
    ).toBe('ok');
    expect((await request(s.url, uc.messages, {}, { token: u.token })).body.msg).toBe('ok');
    const vipType = (await db().selectFrom('vip_types').select('key').orderBy('sort').executeTakeFirstOrThrow()).key;
    await grantVip(s, u.id, vipType);
    const physical = await paidOrder(u, 'physical');
    await signedFor(physical.orderId, physical.itemId);
    const course = await paidOrder(u, 'course');
    await db()
      .insertInto('order_payments')
      .values({
        order_id: course.orderId,
        channel: 'jsapi',
        out_trade_no: `T${course.orderId}`,
        amount: course.total,
        prepay_id: 'p',
        h5_url: '',
        openid: w.openid,
        created_at: s.services.clock(),
        expires_at: s.services.clock() + 7200,
        queried_at: 0,
      })
      .execute();
    expect(await rowsOf('entitlements', 'user_id', u.id)).toBeGreaterThan(0);

    s.advance(61);
    const code = await cancelCode(u);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await db().selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    expectRefused(await doCancel(u.token, wrong), 400, CODE.badInput, '验证码错误，还可尝试 4 次');
    // A wrong code changes nothing of the account: same row, every session alive, nothing deleted.
    expect(await db().selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await baseInfo(u.token)).body).toMatchObject({ status: 0, data: { id: u.id, mobile } });
    expect(await rowsOf('addresses', 'user_id', u.id)).toBe(1);
    expect(await rowsOf('third_identities', 'user_id', u.id)).toBe(1);
    expect(await rowsOf('account_deletions', 'user_id', u.id)).toBe(0);

    const done = await doCancel(u.token, code);
    expect(done.body).toMatchObject({ status: 0, data: { cancelled: 1 } });

    // Every session ends at once: both tokens are refused as ended sessions.
    for (const token of [u.token, other.token]) expectRefused(await baseInfo(token), 200, CODE.sessionInvalid, '登录已失效');
    expectRefused(await doCancel(u.token, code), 200, CODE.sessionInvalid, '登录已失效');

    // The tombstone: no mobile, no name, no avatar, recorded as deleted.
    expect(
      await db().selectFrom('users').select(['mobile', 'nickname', 'avatar']).where('id', '=', u.id).executeTakeFirstOrThrow(),
    ).toEqual({
      mobile: null,
      nickname: DELETED_NICKNAME,
      avatar: '',
    });
    expect(await rowsOf('account_deletions', 'user_id', u.id)).toBe(1);
    expect(await db().selectFrom('third_identities').select('id').where('openid', '=', w.openid).execute()).toEqual([]);
    for (const [table, how] of Object.entries(PERSONAL_TABLES)) {
      if (how !== 'deleted' || table === 'third_auth_keys' || table === 'question_exam_answers') continue;
      expect(await rowsOf(table, 'user_id', u.id), table).toBe(0);
    }

    // Orders stay, with amounts and goods and no person: the address snapshot and remark emptied, the payer's openid gone.
    const kept = await db().selectFrom('orders').selectAll().where('user_id', '=', u.id).orderBy('id').execute();
    expect(kept.map((o) => [o.id, o.status, o.total])).toEqual([
      [physical.orderId, 'paid', expect.any(Number)],
      [course.orderId, 'paid', course.total],
    ]);
    expect(kept[0]?.total).toBeGreaterThan(0);
    expect(JSON.parse(kept[0]?.address ?? '')).toEqual({ name: DELETED_NICKNAME, mobile: '', full_address: '' });
    expect(kept.map((o) => o.remark)).toEqual(['', '']);
    expect(await rowsOf('order_goods', 'user_id', u.id)).toBe(2);
    expect(
      (await db().selectFrom('order_payments').select('openid').where('order_id', '=', course.orderId).executeTakeFirstOrThrow()).openid,
    ).toBe('');
    expect(
      (await db().selectFrom('shipments').select('phone').where('order_id', '=', physical.orderId).executeTakeFirstOrThrow()).phone,
    ).toBe('');
    const stored = JSON.stringify(await db().selectFrom('orders').selectAll().where('user_id', '=', u.id).execute());
    expect(stored).not.toContain(mobile);

    // The mobile registers again as a brand-new user, and sees nothing of the old account.
    s.advance(61);
    const again = await loginAs(s, mobile);
    expect(again.user).toMatchObject({ mobile, is_first: 1, nickname: `备考用户${mobile.slice(-4)}` });
    expect(again.user.id).not.toBe(u.id);
    const fresh = again.token as string;
    expect((await request(s.url, order.list, {}, { token: fresh })).body).toMatchObject({ status: 0, data: [] });
    expect((await request(s.url, uc.vipInfoEndpoint, {}, { token: fresh })).body.data).toMatchObject({ is_vip: 0 });
    expect((await request(s.url, uc.collections, {}, { token: fresh })).body.data).toEqual([]);
    expect((await request(s.url, binding.thirdBindInfo, {}, { token: fresh })).body.data).toMatchObject({
      mobile_bound: 1,
      wechat: { bound: 0 },
    });
    expect(await rowsOf('entitlements', 'user_id', again.user.id)).toBe(0);
  });

  it('one reward per mobile number per prize still holds after the number is deleted and registers again', async () => {
    const u = await newUser(s);
    const claim = (token: string) => request(s.url, activity.receiveRegisterGift, { activity_id: 1002, gift_id: 'cet-vip-3' }, { token });
    expect((await claim(u.token)).body.status).toBe(0);
    s.advance(61);
    expect((await doCancel(u.token, await cancelCode(u))).body.status).toBe(0);
    // The claim keeps a fingerprint of the number, not the number.
    const kept = await db().selectFrom('activity_claims').select('mobile').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(kept.mobile).not.toBe(u.mobile);
    expect(kept.mobile).not.toContain(u.mobile.slice(3));
    s.advance(61);
    const again = await newUser(s, u.mobile);
    expect(again.id).not.toBe(u.id);
    expectRefused(await claim(again.token), 409, CODE.conflict, '该手机号已领取过该奖品');
  });

  it('a number deleted and registered again is not a new user for an invite, whether it logs in or is bound later', async () => {
    const referrer = await newUser(s);
    const gone = await newUser(s);
    s.advance(61);
    expect((await doCancel(gone.token, await cancelCode(gone))).body.status).toBe(0);
    const row = await db().selectFrom('account_deletions').selectAll().where('user_id', '=', gone.id).executeTakeFirstOrThrow();
    expect(row.mobile_fingerprint).toHaveLength(20);
    expect(row.mobile_fingerprint).not.toContain(gone.mobile.slice(3));
    s.advance(61);
    // The number logs in again (a new account) and accepts an invite: recorded, but not counted.
    const again = await newUser(s, gone.mobile);
    const invite = (u: { token: string }) => request(s.url, activity.invite, { id: 1001, referrer_id: referrer.id }, { token: u.token });
    expect((await invite(again)).body.data).toEqual({ status: 'invalid', status_text: '无效：该手机号曾注册过，不是新用户' });
    // A WeChat-only new account that binds the deleted number later: the waiting invite turns invalid, not qualified.
    const second = await newUser(s);
    s.advance(61);
    expect((await doCancel(second.token, await cancelCode(second))).body.status).toBe(0);
    const w = await wechatOnlyUser(s);
    expect((await invite(w)).body.data).toEqual({ status: 'pending', status_text: '待完成：好友绑定手机号后生效' });
    s.advance(61);
    const bound = await request(
      s.url,
      activity.bindMobile,
      { id: 1001, mobile: second.mobile, code: await bindCode(s, w.token, second.mobile) },
      { token: w.token },
    );
    expect(bound.body.data.invite).toEqual({ status: 'invalid', status_text: '无效：该手机号曾注册过，不是新用户' });
    // A number never deleted still counts.
    const fresh = await newUser(s);
    expect((await invite(fresh)).body.data.status).toBe('qualified');
    const record = await request(s.url, activity.inviteRecord, { id: 1001, offset: 0, count: 20 }, { token: referrer.token });
    expect(record.body.data.map((r: { status_text: string }) => r.status_text).sort()).toEqual(
      ['已生效', '无效：该手机号曾注册过，不是新用户', '无效：该手机号曾注册过，不是新用户'].sort(),
    );
  });

  it('needs the code sent for the deletion: a login code of the same mobile does not delete', async () => {
    const u = await newUser(s);
    s.advance(61);
    await loginAs(s, u.mobile); // the newest code of the mobile is a spent login code
    expectRefused(await doCancel(u.token, lastCode(s, u.mobile) ?? ''), 400, CODE.badInput, '请先获取短信验证码');
    expect((await baseInfo(u.token)).body.status).toBe(0);
  });

  it('asks an account without a mobile to bind one first, sending nothing', async () => {
    const w = await wechatOnlyUser(s);
    expectRefused(await sendCancel(w.token), 409, CODE.conflict, '请先绑定手机号');
    expectRefused(await doCancel(w.token, '123456'), 409, CODE.conflict, '请先绑定手机号');
    expect((await baseInfo(w.token)).body.status).toBe(0);
  });

  it('refuses while money or goods are under way: an unpaid order, a refund in progress, a parcel not signed for', async () => {
    const pending = await newUser(s);
    const g = await goodOf('course');
    expect((await request(s.url, order.create, { goods: { [g.id]: 1 } }, { token: pending.token })).body.msg).toBe('ok');
    expectRefused(await sendCancel(pending.token), 409, CODE.conflict, '你有待支付的订单');

    const shipping = await newUser(s);
    const p = await paidOrder(shipping, 'physical');
    expectRefused(await sendCancel(shipping.token), 409, CODE.conflict, '你有尚未签收的实物订单');

    const refunding = await newUser(s);
    const r = await paidOrder(refunding, 'physical');
    expect(
      (await request(s.url, order.applyRefund, { order_goods_id: r.itemId, reason: '不想要了' }, { token: refunding.token })).body.msg,
    ).toBe('ok');
    expectRefused(await sendCancel(refunding.token), 409, CODE.conflict, '你有退款正在处理中');

    // Once signed for, the same account may go.
    await signedFor(p.orderId, p.itemId);
    s.advance(61);
    const code = await cancelCode(shipping);
    expect((await doCancel(shipping.token, code)).body).toMatchObject({ status: 0, data: { cancelled: 1 } });
    expect(await rowsOf('account_deletions', 'user_id', shipping.id)).toBe(1);
    expect(await rowsOf('account_deletions', 'user_id', refunding.id)).toBe(0);
  });

  it('needs a login for both calls (401)', async () => {
    expectRefused(await request(s.url, cancel.cancelCode, {}), 401, CODE.unauthorized, '请先登录');
    expectRefused(await request(s.url, cancel.cancel, { code: '123456' }), 401, CODE.unauthorized, '请先登录');
  });
});

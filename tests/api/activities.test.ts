import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import * as activity from '../../src/contract/activities';
import { CODE } from '../../src/contract/envelope';
import * as order from '../../src/contract/orders';
import { funnelOf } from '../../src/server/areas/activities/activity-funnel';
import { renderArticleHtml } from '../../src/server/areas/articles';
import { markPaid } from '../../src/server/areas/orders';
import { request } from '../support/api-client';
import { bindCode, wechatOnlyUser } from '../support/binding-flows';
import { expectRefused, freshMobile, oauthRound, sendCode } from '../support/flows';
import { pagesDirWithFixtures } from '../support/pages-dir';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';

const REFERRAL = 1001;
/** A register-gift activity with 5 units, written by the test beside the real activity files. */
const GIFT = 9001;
const WINDOW = 9008;
const PER_MOBILE = 9009;
const WINDOW_START = '2026-12-01T00:00:00+08:00';
const WINDOW_END = '2026-12-08T00:00:00+08:00';
/** A referral counting a bound mobile, written by the test. */
const BIND = 9007;

function giftFile(quantity: number) {
  return {
    id: GIFT,
    type: 'register_gift',
    title: '新同学见面礼',
    startsAt: '2026-01-01T00:00:00+08:00',
    endsAt: '2099-01-01T00:00:00+08:00',
    rules: { newUserWithinHours: 24 },
    prizes: [{ id: 'words', name: '高频词汇笔记', kind: 'ebook', refId: 1, quantity }],
    share: { title: '见面礼', desc: '新同学注册就送' },
    disclosure: {
      prizes: '电子书 5 份',
      conditions: '注册 24 小时内的新用户',
      claim: '活动页领取，领完即止',
      delivery: '领取后立即到账',
      organiser: '备考团队',
      contact: 'service@beikao.example',
    },
    ruleText: ['新用户每人限领一份。'],
  };
}

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let pages: ReturnType<typeof pagesDirWithFixtures>;
  let physicalGood = 0;
  const call = <E extends Parameters<typeof request>[1]>(
    e: E,
    input: Record<string, unknown>,
    u?: TestUser,
    headers?: Record<string, string>,
  ) => request(s.url, e, input, { ...(u ? { token: u.token } : {}), ...(headers ? { headers } : {}) });
  const db = () => s.services.db.kysely;

  beforeAll(async () => {
    pages = pagesDirWithFixtures();
    pages.write('_activities/test-gift.json', giftFile(5));
    const referral = (id: number, qualifyBy: string, refId: number) => ({
      ...giftFile(10),
      id,
      type: 'referral',
      rules: { qualifyBy, dailyCap: 5 },
      prizes: [{ id: 'p1', name: `笔记 ${id}`, kind: 'ebook', refId, quantity: 10, threshold: 1 }],
    });
    pages.write('_activities/test-pay.json', referral(9004, 'first_payment', 2));
    pages.write('_activities/test-study.json', referral(9005, 'first_study', 4));
    // A short window to step over to the millisecond.
    pages.write('_activities/test-mobile.json', { ...giftFile(10), id: PER_MOBILE });
    pages.write('_activities/test-window.json', { ...giftFile(50), id: WINDOW, startsAt: WINDOW_START, endsAt: WINDOW_END });
    // Bound mobile, and room for this file's many registrations from 127.0.0.1.
    pages.write('_activities/test-bind.json', {
      ...referral(BIND, 'bound_mobile', 5),
      rules: { qualifyBy: 'bound_mobile', dailyCap: 5, registrationsPerIpHour: 1000 },
    });

    s = await startTestServer(kind, { config: { pagesDir: pages.dir } });
    // A physical prize is sent as a 0-yuan order of a physical good of the catalog.
    const good = await db().selectFrom('goods').select('id').where('kind', '=', 'physical').orderBy('id').executeTakeFirstOrThrow();
    physicalGood = good.id;
    pages.write('_activities/test-physical.json', {
      ...giftFile(3),
      id: 9006,
      prizes: [{ id: 'mug', name: '真题试卷', kind: 'physical', goodId: physicalGood, quantity: 3 }],
    });
    expect(await s.services.activities.reload(s.services)).toEqual([]);
  });
  afterAll(async () => {
    await s.close();
    pages.remove();
  });

  it('serves the referral activity: running, prizes with stock and thresholds, the eight rules and the disclosure', async () => {
    const d = (await call(activity.detail, { id: REFERRAL })).body.data;
    expect(d).toMatchObject({ id: REFERRAL, type: 'referral', phase: 'running', phase_text: '进行中', progress: 0 });
    expect(d.rule_text).toHaveLength(8);
    expect(d.disclosure.organiser).toBe('备考团队');
    // The rules and the disclosure also come as HTML, what the client's Markdown renderer would draw of them.
    expect(d.rule_html).toBe(renderArticleHtml(`1. ${d.rule_text.join('\n1. ')}`));
    expect(d.rule_html.match(/<li>/g)).toHaveLength(8);
    expect(d.rule_html).toContain(`<li>${d.rule_text[0]}</li>`);
    const labels = [...d.disclosure_html.matchAll(/<strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
    expect(labels).toEqual(['奖品设置', '参与条件', '领取方式', '发放方式', '主办方', '联系方式']);
    expect(d.disclosure_html).toContain('<strong>主办方</strong>：备考团队');
    expect(d.prizes.map((p) => [p.id, p.threshold, p.state])).toEqual([
      ['cet-words-notes', 1, 'login'],
      ['cet-vip-7', 3, 'login'],
      ['cet-sprint-course', 5, 'login'],
    ]);
    expect(d.starts_at).toBe(Date.parse('2026-11-01T00:00:00+08:00'));
    expectRefused(await call(activity.detail, { id: 424242 }), 404, CODE.notFound, '活动 id 424242');
  });

  it('an invitee counts once qualified; the referrer unlocks and claims the first prize, once', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    const r = await call(activity.invite, { id: REFERRAL, referrer_id: a.id, fromActivity: 'poster' }, b);
    expect(r.body.data).toEqual({ status: 'qualified', status_text: '已生效' });
    // The same call again answers the same; another referrer is refused.
    expect((await call(activity.invite, { id: REFERRAL, referrer_id: a.id }, b)).body.data.status).toBe('qualified');
    const c = await newUser(s);
    expectRefused(await call(activity.invite, { id: REFERRAL, referrer_id: c.id }, b), 409, CODE.conflict, '其他好友');

    const records = (await call(activity.inviteRecord, { id: REFERRAL }, a)).body.data;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      status: 'qualified',
      status_text: '已生效',
      mobile: `${b.mobile.slice(0, 3)}****${b.mobile.slice(7)}`,
    });
    const d = (await call(activity.detail, { id: REFERRAL }, a)).body.data;
    expect(d.progress).toBe(1);
    expect(d.prizes.map((p) => p.state)).toEqual(['claimable', 'locked', 'locked']);
    expect(d.prizes[1]?.state_text).toBe('还差 2 位有效好友即可领取');

    const claimed = await call(activity.finishGift, { id: REFERRAL, gift_id: 'cet-words-notes' }, a);
    expect(claimed.body.data).toMatchObject({ replayed: 0, claim: { status: 'granted', content_path: '/ebook/read/1' } });
    const ent = await db().selectFrom('entitlements').selectAll().where('user_id', '=', a.id).where('kind', '=', 'ebook').execute();
    expect(ent).toMatchObject([{ ref_id: 1, source: 'activity' }]);
    expectRefused(await call(activity.finishGift, { id: REFERRAL, gift_id: 'cet-words-notes' }, a), 409, CODE.conflict, '已领取过');
    expectRefused(await call(activity.finishGift, { id: REFERRAL, gift_id: 'cet-vip-7' }, a), 409, CODE.conflict, '还差 2 位');
    expect((await call(activity.ownGift, { id: REFERRAL }, a)).body.data.map((g) => g.prize_id)).toEqual(['cet-words-notes']);
    const stats = (await call(activity.statistics, { id: REFERRAL }, a)).body.data;
    expect(stats).toMatchObject({ invited: 1, qualified: 1, pending: 0, claimed: 1 });
    // The marquee shows this real winner, masked; nothing invented.
    const winners = (await call(activity.randUser, { num: 5 })).body.data;
    expect((await call(activity.randUser, { num: 5, activity_id: GIFT })).body.data.map((w) => w.mobile)).not.toContain(
      `${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}`,
    );
    expect(winners[0]).toMatchObject({
      mobile: `${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}`,
      prize: '电子书《四六级高频词汇精讲笔记》',
    });
  });

  it('refuses a self-invite, a loop, and an invitee who is not new; records the source', async () => {
    const x = await newUser(s);
    const y = await newUser(s);
    expectRefused(await call(activity.invite, { id: REFERRAL, referrer_id: x.id }, x), 409, CODE.conflict, '不能邀请自己');
    expect((await call(activity.invite, { id: REFERRAL, referrer_id: y.id, fromActivity: 'qr' }, x)).body.status).toBe(0);
    expectRefused(await call(activity.invite, { id: REFERRAL, referrer_id: x.id }, y), 409, CODE.conflict, '不能互相邀请');
    const row = await db().selectFrom('activity_invites').selectAll().where('invitee_id', '=', x.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ referrer_id: y.id, source: 'qr', ip: '127.0.0.1' });
    const old = await newUser(s);
    await db()
      .updateTable('users')
      .set({ created_at: s.services.clock() - 25 * 3600 })
      .where('id', '=', old.id)
      .execute();
    expectRefused(await call(activity.invite, { id: REFERRAL, referrer_id: y.id }, old), 409, CODE.conflict, '只有新注册的用户');
  });

  it('100 parallel claims for 5 units: exactly 5 grants and stock 0; the rest hear 已领完', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => newUser(s)));
    const replies = await Promise.all(users.map((u) => call(activity.finishGift, { id: GIFT, gift_id: 'words' }, u)));
    const ok = replies.filter((r) => r.body.status === 0);
    expect(ok).toHaveLength(5);
    for (const r of replies.filter((x) => x.body.status !== 0)) {
      expect(r.http).toBe(409);
      expect(r.body.msg).toContain('已领完');
    }
    const stock = await db().selectFrom('activity_prizes').select('stock_left').where('activity_id', '=', GIFT).executeTakeFirstOrThrow();
    expect(stock.stock_left).toBe(0);
    const claims = await db().selectFrom('activity_claims').select('id').where('activity_id', '=', GIFT).execute();
    expect(claims).toHaveLength(5);
  });

  it('one user claiming one prize 20 times at once gets one grant; a replayed Idempotency-Key answers the first claim', async () => {
    // Room for more: the operator raised the quantity (allowed after the start), and the stock follows.
    pages.write('_activities/test-gift.json', giftFile(50));
    await s.services.activities.reload(s.services);
    const u = await newUser(s);
    const replies = await Promise.all(Array.from({ length: 20 }, () => call(activity.finishGift, { id: GIFT, gift_id: 'words' }, u)));
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
    // A loser hears why: it was claimed (or, once the winner committed, the book is already theirs).
    for (const r of replies.filter((x) => x.body.status !== 0)) expect(r.body.msg).toMatch(/已领取过|已拥有/);
    const v = await newUser(s);
    const key = { 'Idempotency-Key': 'claim-once-1' };
    const first = await call(activity.finishGift, { id: GIFT, gift_id: 'words' }, v, key);
    const again = await call(activity.finishGift, { id: GIFT, gift_id: 'words' }, v, key);
    expect(first.body.data.replayed).toBe(0);
    expect(again.body.data).toEqual({ ...first.body.data, replayed: 1 });
    const rows = await db().selectFrom('activity_claims').select('id').where('user_id', '=', v.id).execute();
    expect(rows).toHaveLength(1);
    const stock = await db()
      .selectFrom('activity_prizes')
      .select(['quantity', 'stock_left'])
      .where('activity_id', '=', GIFT)
      .executeTakeFirstOrThrow();
    expect(stock).toEqual({ quantity: 50, stock_left: 50 - 5 - 2 });
  });

  it('after the start, an edit that is worse for users is refused with its reasons and the last good version keeps serving', async () => {
    pages.write('_activities/test-gift.json', { ...giftFile(10), title: '改了标题' });
    const problems = await s.services.activities.reload(s.services);
    expect(problems).toEqual([
      expect.stringContaining('pages-config/_activities/test-gift.json: /: 活动已开始，不能减少奖品「高频词汇笔记」的数量（50 → 10）'),
    ]);
    const d = (await call(activity.detail, { id: GIFT })).body.data;
    expect(d.title).toBe('新同学见面礼');
    expect(d.prizes[0]?.quantity).toBe(50);
    // Copy may change.
    pages.write('_activities/test-gift.json', { ...giftFile(50), title: '新同学见面礼（加量）' });
    expect(await s.services.activities.reload(s.services)).toEqual([]);
    expect((await call(activity.detail, { id: GIFT })).body.data.title).toBe('新同学见面礼（加量）');
  });

  it('a file without the disclosure, or with an unknown content id, is refused naming file, path and reason', async () => {
    const { disclosure: _d, ...bare } = giftFile(5);
    pages.write('_activities/no-disclosure.json', { ...bare, id: 9002 });
    pages.write('_activities/bad-ref.json', {
      ...giftFile(5),
      id: 9003,
      prizes: [{ id: 'x', name: '不存在的书', kind: 'ebook', refId: 99999, quantity: 1 }],
    });
    const problems = await s.services.activities.reload(s.services);
    expect(problems).toContain('pages-config/_activities/no-disclosure.json: /: 缺少必填字段 "disclosure"');
    expect(problems).toContain('pages-config/_activities/bad-ref.json: /prizes/0/refId: 电子书 id 99999 不存在');
    expectRefused(await call(activity.detail, { id: 9002 }), 404, CODE.notFound, '活动 id 9002');
    pages.write('_activities/no-disclosure.json', '{}');
  });

  it('a referral link becomes a signed ticket that a first SMS login redeems, for the right referrer and source', async () => {
    const r = await newUser(s);
    const t = (await call(activity.attribution, { id: REFERRAL, referrer_id: r.id, source: 'poster' })).body.data;
    expect(t.ticket).toMatch(/^b1\.[\w-]+\.[\w-]+$/);
    expect(t.referrer.nickname).toMatch(/\*\*$/);
    // The invitee browses, then logs in by SMS later, carrying the ticket.
    const mobile = freshMobile();
    const code = await sendCode(s, mobile);
    const login = (await request(s.url, auth.mobileCodeLogin, { mobile, code, from_activity: t.ticket })).body.data;
    expect(login.user.is_first).toBe(1);
    const row = await db().selectFrom('activity_invites').selectAll().where('invitee_id', '=', login.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ activity_id: REFERRAL, referrer_id: r.id, source: 'poster', status: 'qualified' });

    // A changed ticket logs in all the same and records nothing.
    const forged = `${t.ticket.slice(0, -2)}xx`;
    const m2 = freshMobile();
    const l2 = (await request(s.url, auth.mobileCodeLogin, { mobile: m2, code: await sendCode(s, m2), from_activity: forged })).body.data;
    expect(l2.user.is_first).toBe(1);
    expect(await db().selectFrom('activity_invites').select('id').where('invitee_id', '=', l2.user.id).execute()).toEqual([]);
    // An existing user's login redeems nothing.
    const m3 = (await newUser(s)).mobile;
    s.advance(61); // one code per mobile a minute
    await request(s.url, auth.mobileCodeLogin, { mobile: m3, code: await sendCode(s, m3), from_activity: t.ticket });
    const invites = await db().selectFrom('activity_invites').select('invitee_id').where('referrer_id', '=', r.id).execute();
    expect(invites).toHaveLength(1);
    expectRefused(await call(activity.attribution, { id: REFERRAL, referrer_id: 99999999 }), 404, CODE.notFound, '邀请人');
  });

  it('invitee-login logs in and records the invite; a user who is not new still logs in, with the reason', async () => {
    const r = await newUser(s);
    const mobile = freshMobile();
    const res = await call(activity.inviteeLogin, { mobile, code: await sendCode(s, mobile), referrer_id: r.id, activity_id: REFERRAL });
    expect(res.body.data).toMatchObject({ user: { is_first: 1 }, invite: { status: 'qualified', status_text: '已生效' } });
    const old = await newUser(s);
    await db()
      .updateTable('users')
      .set({ created_at: s.services.clock() - 2 * 86400 })
      .where('id', '=', old.id)
      .execute();
    s.advance(61); // one code per mobile a minute
    const again = await call(activity.inviteeLogin, { mobile: old.mobile, code: await sendCode(s, old.mobile), referrer_id: r.id });
    expect(again.body.status).toBe(0);
    expect(again.body.data.token).toBeTruthy();
    expect(again.body.data.invite).toEqual({ status: '', status_text: '只有新注册的用户才能接受邀请' });
    expectRefused(
      await call(activity.inviteeLogin, { mobile: freshMobile(), code: '000000', referrer_id: r.id, activity_id: 424242 }),
      404,
      CODE.notFound,
      '活动 id 424242',
    );
  });

  it('first_payment: the invitee counts once they pay; a refund of that order makes it invalid and revokes the reward', async () => {
    const r = await newUser(s);
    const b = await newUser(s);
    expect((await call(activity.invite, { id: 9004, referrer_id: r.id }, b)).body.data).toEqual({
      status: 'pending',
      status_text: '待完成：好友完成第一笔购买后生效',
    });
    const good = await db()
      .selectFrom('goods')
      .select('id')
      .where('kind', '=', 'course')
      .where('price', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const made = (await call(order.create, { goods: { [good.id]: 1 } }, b)).body.data;
    expect(await markPaid(s.services, made.id, s.services.clock())).toBe(true);
    expect((await call(activity.inviteRecord, { id: 9004 }, r)).body.data[0]?.status_text).toBe('已生效');
    expect((await call(activity.finishGift, { id: 9004, gift_id: 'p1' }, r)).body.status).toBe(0);
    const owned = () =>
      db()
        .selectFrom('entitlements')
        .select('source')
        .where('user_id', '=', r.id)
        .where('kind', '=', 'ebook')
        .where('ref_id', '=', 2)
        .execute();
    expect(await owned()).toEqual([{ source: 'activity' }]);

    await s.services.hooks.emit('refunded', { userId: b.id, orderId: made.id });
    expect((await call(activity.inviteRecord, { id: 9004 }, r)).body.data[0]?.status_text).toBe('无效：好友的订单已退款');
    expect((await call(activity.ownGift, { id: 9004 }, r)).body.data).toMatchObject([
      { prize_id: 'p1', status: 'revoked', status_text: '已收回' },
    ]);
    expect(await owned()).toEqual([]);
    const stock = await db().selectFrom('activity_prizes').select('stock_left').where('activity_id', '=', 9004).executeTakeFirstOrThrow();
    expect(stock.stock_left).toBe(10);
    const revoked = await db()
      .selectFrom('activity_events')
      .select('kind')
      .where('activity_id', '=', 9004)
      .where('kind', '=', 'revoked')
      .execute();
    expect(revoked).toHaveLength(2); // the invite, then the claim
  });

  it('first_study: the invitee counts after their first study action', async () => {
    const r = await newUser(s);
    const c = await newUser(s);
    expect((await call(activity.invite, { id: 9005, referrer_id: r.id }, c)).body.data.status_text).toBe(
      '待完成：好友完成第一次学习后生效',
    );
    await s.services.hooks.emit('studied', { userId: c.id });
    expect((await call(activity.detail, { id: 9005 }, r)).body.data.progress).toBe(1);
  });

  it('the poster carries the caller’s referral link; the funnel counts visits, shares, registrations, qualified, claims', async () => {
    const u = await newUser(s);
    const p = (await call(activity.poster, { id: REFERRAL }, u)).body.data;
    expect(p).toMatchObject({ headline: '一起备考四六级', text: '扫码注册，领高频词汇笔记' });
    expect(p.share_url).toBe(`${s.url}/activity/detail/${REFERRAL}?referrer_id=${u.id}&from=poster`);
    await call(activity.poster, { id: REFERRAL }, u); // the same day: one share
    await call(activity.detail, { id: REFERRAL }, u);
    await call(activity.detail, { id: REFERRAL }, u);
    const f = await funnelOf(s.services, 'cet-invite-friends');
    expect(f).toMatchObject({ slug: 'cet-invite-friends', shares: 1 });
    expect(f?.visits).toBeGreaterThanOrEqual(2); // this user once, and the anonymous visitor of the first test
    expect(f?.registrations).toBeGreaterThanOrEqual(3);
    expect(f?.claims).toBe(1);
    expect(f?.prizes.find((x) => x.id === 'cet-words-notes')).toEqual({ id: 'cet-words-notes', quantity: 500, stockLeft: 499 });
  });

  it('register gifts: listed, the unreceived ones, and received with the same rules as any claim', async () => {
    const u = await newUser(s);
    expect((await call(activity.registerGift, { id: GIFT })).body.data.map((p) => p.state)).toEqual(['login']);
    expect((await call(activity.unreceiveRegisterGift, { id: GIFT }, u)).body.data.map((p) => p.state)).toEqual(['claimable']);
    expect((await call(activity.receiveRegisterGift, { activity_id: GIFT, gift_id: 'words' }, u)).body.data.claim.status).toBe('granted');
    expect((await call(activity.unreceiveRegisterGift, { id: GIFT }, u)).body.data).toEqual([]);
    expectRefused(await call(activity.receiveRegisterGift, { activity_id: GIFT, gift_id: 'words' }, u), 409, CODE.conflict, '已领取过');
    expectRefused(await call(activity.receiveRegisterGift, { activity_id: GIFT, gift_id: 'nope' }, u), 404, CODE.notFound, '奖品 nope');
  });

  it('a physical prize becomes a paid 0-yuan order to the winner’s address, shipped like any order', async () => {
    const good = await db().selectFrom('goods').select(['id', 'kind', 'stock']).where('id', '=', physicalGood).executeTakeFirstOrThrow();
    expect(good.kind).toBe('physical');
    const u = await newUser(s);
    const other = await newUser(s);
    expectRefused(
      await call(activity.finishGift, { id: 9006, gift_id: 'mug' }, u),
      409,
      CODE.conflict,
      '请先在「我的 - 收货地址」添加收货地址',
    );
    await createAddress(s, other);
    const mine = await createAddress(s, u);
    const res = await call(activity.finishGift, { id: 9006, gift_id: 'mug' }, u);
    expect(res.body.status, res.body.msg).toBe(0);
    const claim = await db().selectFrom('activity_claims').selectAll().where('id', '=', res.body.data.claim.id).executeTakeFirstOrThrow();
    const o = (await call(order.detail, { id: claim.order_id }, u)).body.data;
    expect(o).toMatchObject({ status: 'paid', total: 0, items: [{ good_id: physicalGood, price: 0, quantity: 1 }] });
    expect(
      JSON.parse((await db().selectFrom('orders').select('address').where('id', '=', o.id).executeTakeFirstOrThrow()).address),
    ).toMatchObject({ name: mine.name });
    const after = await db().selectFrom('goods').select('stock').where('id', '=', physicalGood).executeTakeFirstOrThrow();
    expect(after.stock).toBe(good.stock < 0 ? good.stock : good.stock - 1); // -1: a good without stock
  });

  it('the activity mobile binding: a WeChat-only invitee binds a mobile by SMS code and counts at once', async () => {
    const r = await newUser(s);
    const w = await wechatOnlyUser(s);
    const invitee = { id: w.id, token: w.token, mobile: '' };
    expect((await call(activity.invite, { id: BIND, referrer_id: r.id }, invitee)).body.data).toEqual({
      status: 'pending',
      status_text: '待完成：好友绑定手机号后生效',
    });
    const mobile = freshMobile();
    const code = await bindCode(s, w.token, mobile);
    expectRefused(
      await call(activity.bindMobile, { id: BIND, mobile, code: code === '000000' ? '111111' : '000000' }, invitee),
      400,
      CODE.badInput,
      '验证码错误',
    );
    const bound = await call(activity.bindMobile, { id: BIND, mobile, code }, invitee);
    expect(bound.body.data).toEqual({
      mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
      invite: { status: 'qualified', status_text: '已生效' },
    });
    expect((await call(activity.detail, { id: BIND }, r)).body.data.progress).toBe(1);
    // Bound once: a second binding is refused and changes nothing.
    expectRefused(await call(activity.bindMobile, { id: BIND, mobile: freshMobile(), code }, invitee), 409, CODE.conflict, '已绑定手机号');
    // Not invited: the binding works, with no invite to report.
    const w2 = await wechatOnlyUser(s);
    const m2 = freshMobile();
    const alone = await call(
      activity.bindMobile,
      { id: BIND, mobile: m2, code: await bindCode(s, w2.token, m2) },
      { id: w2.id, token: w2.token, mobile: '' },
    );
    expect(alone.body.data.invite).toEqual({ status: '', status_text: '' });
  });

  it('the window through the API, to the millisecond: open from startsAt (inclusive) to endsAt (exclusive)', async () => {
    const u = await newUser(s);
    const real = s.services.nowMs;
    const at = async (ms: number) => {
      s.services.nowMs = () => ms;
      const d = (await call(activity.detail, { id: WINDOW }, u)).body.data;
      const claim = await call(activity.finishGift, { id: WINDOW, gift_id: 'words' }, u);
      return { phase: d.phase, claim: claim.body.status === 0 ? 'ok' : claim.body.msg };
    };
    try {
      const start = Date.parse(WINDOW_START);
      const end = Date.parse(WINDOW_END);
      expect(await at(start - 1)).toEqual({ phase: 'upcoming', claim: '活动尚未开始' });
      expect(await at(end)).toEqual({ phase: 'ended', claim: '活动已结束' });
      expect(await at(end - 1)).toEqual({ phase: 'running', claim: 'ok' });
      expect((await at(start)).phase).toBe('running');
    } finally {
      s.services.nowMs = real;
    }
  });

  it('one mobile number, two accounts: the second account cannot claim the same prize again', async () => {
    const first = await newUser(s);
    expect((await call(activity.finishGift, { id: PER_MOBILE, gift_id: 'words' }, first)).body.status).toBe(0);
    // The first account lets the number go (as an account deletion does); a new account registers with it.
    await db().updateTable('users').set({ mobile: null }).where('id', '=', first.id).execute();
    s.advance(61); // one code per mobile a minute
    const second = await newUser(s, first.mobile);
    expect(second.id).not.toBe(first.id);
    expectRefused(
      await call(activity.finishGift, { id: PER_MOBILE, gift_id: 'words' }, second),
      409,
      CODE.conflict,
      '该手机号已领取过该奖品',
    );
  });

  it('each type’s poster links to its own landing page with the referrer', async () => {
    const u = await newUser(s);
    const link = async (id: number) => (await call(activity.poster, { id }, u)).body.data.share_url;
    expect(await link(1002)).toBe(`${s.url}/activity/invite_download?activity_id=1002&referrer_id=${u.id}&from=poster`);
    expect(await link(1003)).toBe(`${s.url}/activity/reciprocity/receive/1003/${u.id}?from=poster`);
    expect(await link(1004)).toBe(`${s.url}/activity/vip/${u.id}?activity_id=1004&from=poster`);
  });

  it('through WeChat: the ticket rides the OAuth state and the third_auth_key into the mobile login that registers', async () => {
    const r = await newUser(s);
    const { ticket } = (await call(activity.attribution, { id: REFERRAL, referrer_id: r.id, source: 'qr' })).body.data;
    const round = await oauthRound(s, 'new', undefined, { from_activity: ticket });
    const wx = (await request(s.url, auth.officialWeixinLogin, { code: round.code, state: round.state })).body.data;
    expect(wx).toMatchObject({ login: 0, register: 1 });
    // The browser lost its storage on the way: the login carries no ticket itself.
    const mobile = freshMobile();
    const login = (
      await request(s.url, auth.mobileCodeLogin, { mobile, code: await sendCode(s, mobile), third_auth_key: wx.data.third_auth_key })
    ).body.data;
    expect(login.user.is_first).toBe(1);
    const row = await db().selectFrom('activity_invites').selectAll().where('invitee_id', '=', login.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ referrer_id: r.id, source: 'qr', status: 'qualified' });
  });
});

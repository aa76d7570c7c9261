import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundsCommand } from '../../scripts/ops/refunds';
import * as course from '../../src/contract/courses';
import * as ebook from '../../src/contract/ebooks';
import { CODE } from '../../src/contract/envelope';
import * as order from '../../src/contract/orders';
import * as question from '../../src/contract/questions';
import { NOTIFY_PATH } from '../../src/server/areas/payments/order-pay';
import { REFUND_NOTIFY_PATH } from '../../src/server/areas/refunds/refund-rows';
import { reconcileRefunds } from '../../src/server/areas/refunds/refund-settle';
import { shipItem, unshippedItems } from '../../src/server/areas/shipping/order-shipping';
import type { PayProvider } from '../../src/server/providers/pay';
import { SANDBOX_MCHID } from '../../src/server/providers/pay/sandbox-keys';
import { nonceOf } from '../../src/server/providers/pay/wechatpay-v3-crypto';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';
import { createAddress, newUser, type TestUser } from '../support/user-center-flows';
import { keepSandboxNotifications, postNotification, signedNotification } from '../support/wechatpay-notify';

/**
 * Refunds against the offline WeChat Pay sandbox: the instant path and the operator's, the refund
 * notification verified and applied once, the entitlement withdrawn, amounts never above what was paid, one refund
 * number per request on every retry, and WeChat Pay being down never a 500.
 */
describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  let pay: PayProvider;
  /** Notifications the sandbox sent, kept here instead of delivered (each test delivers what it wants). */
  const sent: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
  const db = () => s.services.db.kysely;
  const call = <E extends Parameters<typeof request>[1]>(e: E, input: Record<string, unknown>, u: TestUser) =>
    request(s.url, e, input, { token: u.token });
  const sandboxOptions = () => (pay.sandbox as unknown as { o: { refundStatus?: 'SUCCESS' | 'PROCESSING' } }).o;
  const clientConfig = () => (pay.client as unknown as { c: { apiBase: () => string } }).c;

  /** The operator script, run in-process against this server's database and WeChat Pay sandbox. */
  const ops = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await refundsCommand(
      s.services,
      argv,
      (l) => out.push(l),
      (l) => err.push(l),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  /** A course good on sale whose course has a video that is not a free preview (what "used" is measured by). */
  const courseGood = async () => {
    const g = await db()
      .selectFrom('goods as g')
      .innerJoin('courses as c', 'c.id', 'g.ref_id')
      .innerJoin('course_videos as v', 'v.course_id', 'c.id')
      .select(['g.id', 'g.ref_id', 'g.price', 'v.id as video_id'])
      .where('g.kind', '=', 'course')
      .where('g.price', '>', 0)
      .where('g.on_sale', '=', 1)
      .where('c.is_single', '=', 1)
      .where('v.is_free', '=', 0)
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    return g;
  };
  const goodOf = (k: string) =>
    db()
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', k)
      .where('price', '>', 0)
      .where('on_sale', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  /** Orders `lines` and pays through the sandbox's H5 cashier; the payment notification is delivered. */
  const buyAndPay = async (u: TestUser, lines: Record<number, number>, physical = false) => {
    const address = physical ? { address_id: (await createAddress(s, u)).id } : {};
    const made = (await call(order.create, { goods: lines, ...address }, u)).body;
    expect(made.status, made.msg).toBe(0);
    const o = made.data;
    if (o.total > 0) {
      const h5 = (await call(order.h5Pay, { id: o.id }, u)).body.data;
      const prepay = /prepay_id=([^&]+)/.exec(h5.h5_url ?? '')?.[1] ?? '';
      const before = sent.length;
      await pay.sandbox?.act(prepay, 'pay');
      await expect.poll(() => sent.length).toBe(before + 1);
      const n = sent[before] as (typeof sent)[number];
      expect((await postNotification(s, NOTIFY_PATH, n)).status).toBe(204);
    }
    const detail = (await call(order.detail, { id: o.id }, u)).body.data;
    expect(detail.status).toBe('paid');
    return detail;
  };
  const buyCourse = async (u: TestUser) => {
    const g = await courseGood();
    return { g, o: await buyAndPay(u, { [g.id]: 1 }) };
  };
  const plays = async (u: TestUser, videoId: number) => (await call(course.playInfo, { video_id: videoId }, u)).body.code;
  /** Whether the course is open to the user, asked without delivering any of it (a play URL counts as used). */
  const opens = async (u: TestUser, courseId: number) => (await call(course.courseDetail_, { id: courseId }, u)).body.data.can_access;
  const refundOf = (id: number) => db().selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const itemView = async (u: TestUser, orderId: number, itemId: number) =>
    (await call(order.detail, { id: orderId }, u)).body.data.items.find((i) => i.id === itemId);
  const salesOf = async (goodId: number) =>
    (await db().selectFrom('goods').select('sales_volume').where('id', '=', goodId).executeTakeFirstOrThrow()).sales_volume;
  const apply = (u: TestUser, itemId: number, reason = '不想要了') => call(order.applyRefund, { order_goods_id: itemId, reason }, u);
  const refundsSentFor = (outRefundNo: string) =>
    db().selectFrom('sandbox_pay_refunds').selectAll().where('out_refund_no', '=', outRefundNo).execute();
  /** A refund notification of `r` as WeChat Pay would send it (`over` changes the decrypted fields). */
  const refundNotification = async (
    r: { out_refund_no: string; amount: number },
    o: { order_no: string; total: number },
    over: Record<string, unknown> = {},
    headersOver: { timestamp?: number; serial?: string; eventType?: string } = {},
  ) =>
    signedNotification(
      s,
      {
        mchid: SANDBOX_MCHID,
        out_trade_no: o.order_no,
        transaction_id: `4200${Date.now()}`,
        out_refund_no: r.out_refund_no,
        refund_id: `50${Date.now()}`,
        refund_status: 'SUCCESS',
        success_time: new Date().toISOString(),
        amount: { total: o.total, refund: r.amount, payer_total: o.total, payer_refund: r.amount },
        user_received_account: '支付用户零钱',
        ...over,
      },
      { eventType: 'REFUND.SUCCESS', ...headersOver },
    );

  beforeAll(async () => {
    s = await startTestServer(kind, { config: { orderSweepSeconds: 0 } });
    pay = await s.services.providers.pay();
    keepSandboxNotifications(pay, sent);
  });
  afterAll(() => s.close());

  it('an unused course within 7 days is refunded at once; the notification, replayed 16 times (8 at once), withdraws it once', async () => {
    sandboxOptions().refundStatus = 'PROCESSING';
    // What other areas hear (activities): the payment once, and the settled refund once, however often notified.
    const heard: string[] = [];
    s.services.hooks.on('paid', async (e) => void heard.push(`paid ${e.userId} ${e.orderId}`));
    s.services.hooks.on('refunded', async (e) => void heard.push(`refunded ${e.userId} ${e.orderId}`));
    try {
      const u = await newUser(s);
      const { g, o } = await buyCourse(u);
      expect(heard).toEqual([`paid ${u.id} ${o.id}`]);
      const item = o.items[0] as (typeof o.items)[number];
      expect(item).toMatchObject({ refund_status: '', can_refund: 1 });
      expect(await opens(u, g.ref_id)).toBe(1);
      const sales = await salesOf(g.id);
      const before = sent.length;
      const res = await apply(u, item.id, '买错了或重复购买：想买的是另一门');
      expect(res.body.data).toMatchObject({ status: 'processing', status_text: '退款中', amount: g.price, order_goods_id: item.id });
      const row = await refundOf(res.body.data.id);
      expect(row).toMatchObject({ hold_reason: '', provider_status: 'PROCESSING', attempts: 1 });
      expect(row.out_refund_no).toMatch(/^RF\d{8}[0-9a-f]{16}$/);
      // Not withdrawn before WeChat Pay says the money went back.
      expect(await plays(u, g.video_id)).toBe(0);
      expect(await itemView(u, o.id, item.id)).toMatchObject({ refund_status: 'processing', refund_status_text: '退款中', can_refund: 0 });

      await expect.poll(() => sent.length).toBe(before + 1);
      const n = sent[before] as (typeof sent)[number];
      expect(n.url).toBe(s.url + REFUND_NOTIFY_PATH);
      const first = await Promise.all(Array.from({ length: 8 }, () => postNotification(s, REFUND_NOTIFY_PATH, n)));
      const rest = [];
      for (let i = 0; i < 8; i++) rest.push(await postNotification(s, REFUND_NOTIFY_PATH, n));
      expect([...first, ...rest].map((r) => r.status)).toEqual(Array(16).fill(204));

      const done = await refundOf(row.id);
      expect(done).toMatchObject({ status: 'succeeded', provider_status: 'SUCCESS' });
      expect(heard).toEqual([`paid ${u.id} ${o.id}`, `refunded ${u.id} ${o.id}`]);
      expect(done.refund_id).not.toBe('');
      expect(await plays(u, g.video_id)).toBe(CODE.forbidden);
      expect(await db().selectFrom('entitlements').select('id').where('user_id', '=', u.id).execute()).toHaveLength(0);
      expect(await salesOf(g.id)).toBe(sales - 1);
      expect(await itemView(u, o.id, item.id)).toMatchObject({ refund_status: 'succeeded', refund_status_text: '已退款', can_refund: 0 });
      expect((await call(order.item, { order_goods_id: item.id }, u)).body.data).toMatchObject({ can_open: 0, refund_status: 'succeeded' });
      // The order stays paid (refunds are per item); the item cannot be refunded twice; the course can be bought again.
      expect((await call(order.detail, { id: o.id }, u)).body.data.status).toBe('paid');
      expectRefused(await apply(u, item.id), 409, CODE.conflict, '该商品已退款');
      sandboxOptions().refundStatus = 'SUCCESS';
      await buyAndPay(u, { [g.id]: 1 });
      expect(await plays(u, g.video_id)).toBe(0);
    } finally {
      sandboxOptions().refundStatus = 'SUCCESS';
    }
  });

  it('WeChat Pay answering SUCCESS settles the request at once; a 0-fen item needs no call to WeChat Pay', async () => {
    const u = await newUser(s);
    const { g, o } = await buyCourse(u);
    const res = await apply(u, o.items[0]?.id as number);
    expect(res.body.data).toMatchObject({ status: 'succeeded', status_text: '已退款', amount: g.price });
    expect(await plays(u, g.video_id)).toBe(CODE.forbidden);

    const free = await db()
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', 'ebook')
      .where('price', '=', 0)
      .where('on_sale', '=', 1)
      .executeTakeFirstOrThrow();
    const fo = await buyAndPay(u, { [free.id]: 1 });
    expect(
      await db().selectFrom('entitlements').select('id').where('user_id', '=', u.id).where('kind', '=', 'ebook').execute(),
    ).toHaveLength(1);
    const fr = await apply(u, fo.items[0]?.id as number);
    expect(fr.body.data).toMatchObject({ status: 'succeeded', amount: 0 });
    expect(await refundsSentFor((await refundOf(fr.body.data.id)).out_refund_no)).toHaveLength(0);
    expect(
      await db().selectFrom('entitlements').select('id').where('user_id', '=', u.id).where('kind', '=', 'ebook').execute(),
    ).toHaveLength(0);
  });

  it('a used course, a late one, a VIP and a physical good wait for an operator, who approves or rejects them', async () => {
    const u = await newUser(s);
    // Used: a video that is not a free preview was watched after paying.
    const used = await buyCourse(u);
    const progress = await call(course.progressReport, { course_id: used.g.ref_id, video_id: used.g.video_id, duration: 30 }, u);
    expect(progress.body.status, progress.body.msg).toBe(0);
    const usedItem = used.o.items[0]?.id as number;
    const r1 = (await apply(u, usedItem, '内容与描述不符')).body.data;
    expect(r1).toMatchObject({ status: 'pending_review', status_text: '退款审核中' });
    expect((await refundOf(r1.id)).hold_reason).toBe('used');
    expect(await refundsSentFor((await refundOf(r1.id)).out_refund_no)).toHaveLength(0);
    expect(await plays(u, used.g.video_id)).toBe(0);
    expectRefused(await apply(u, usedItem), 409, CODE.conflict, '处理中');

    // Physical goods always wait; rejected with a note, which the learner reads; then applied for again.
    const phys = await goodOf('physical');
    const po = await buyAndPay(u, { [phys.id]: 2 }, true);
    const physItem = po.items[0] as (typeof po.items)[number];
    const r2 = (await apply(u, physItem.id, '其他原因：收到时已破损')).body.data;
    expect(r2).toMatchObject({ status: 'pending_review', amount: phys.price * 2 });
    expect((await refundOf(r2.id)).hold_reason).toBe('physical');

    // VIP: always waits (in use from the first day).
    const vip = await goodOf('vip');
    const vo = await buyAndPay(u, { [vip.id]: 1 });
    const r3 = (await apply(u, vo.items[0]?.id as number)).body.data;
    expect((await refundOf(r3.id)).hold_reason).toBe('vip');

    const listed = await ops('list', 'pending_review');
    expect(listed.code).toBe(0);
    for (const r of [r1, r2, r3]) expect(listed.out).toContain(`#${r.id}\t退款审核中`);
    expect(listed.out).toContain('需审核：已开始使用');
    expect((await ops('list', 'nonsense')).code).toBe(2);

    // Approve: sent to WeChat Pay, settled, the course withdrawn.
    const approved = await ops('approve', String(r1.id), '已核实');
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.out).toContain('已退款');
    expect(await refundOf(r1.id)).toMatchObject({ status: 'succeeded', operator_note: '已核实' });
    // (The VIP bought meanwhile may still open it: the entitlement itself is gone.)
    expect(
      await db().selectFrom('entitlements').select('id').where('user_id', '=', u.id).where('kind', '=', 'course').execute(),
    ).toHaveLength(0);
    expect(await refundsSentFor((await refundOf(r1.id)).out_refund_no)).toHaveLength(1);
    expect((await ops('approve', String(r1.id))).code).toBe(1);

    // Reject: the note shows on the item, nothing is sent, the item may be applied for again.
    expect((await ops('reject', String(r2.id))).code).toBe(2);
    expect((await ops('reject', String(r2.id), '商品已拆封，不支持退款')).code).toBe(0);
    expect(await refundOf(r2.id)).toMatchObject({ status: 'rejected', operator_note: '商品已拆封，不支持退款', active_item_id: null });
    expect(await itemView(u, po.id, physItem.id)).toMatchObject({
      refund_status: 'rejected',
      refund_status_text: '退款被拒绝',
      refund_note: '商品已拆封，不支持退款',
      can_refund: 1,
    });
    expect(await refundsSentFor((await refundOf(r2.id)).out_refund_no)).toHaveLength(0);
    expect((await apply(u, physItem.id, '不想要了')).body.data.status).toBe('pending_review');

    // VIP approved: the days it added are taken off the running membership.
    const vipBefore = await db().selectFrom('user_vips').select(['expires_at']).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect((await ops('approve', String(r3.id))).code).toBe(0);
    const vipAfter = await db().selectFrom('user_vips').select(['expires_at']).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(vipAfter.expires_at).toBeLessThanOrEqual(Math.max(s.services.clock(), vipBefore.expires_at - vip.vip_days * 86400));
    expect(await plays(u, used.g.video_id)).toBe(CODE.forbidden);

    // Late: more than 7 days after payment waits even unused; after a year it cannot be applied for.
    const lu = await newUser(s);
    const late = await buyCourse(lu);
    const other = await buyAndPay(lu, { [(await goodOf('ebook')).id]: 1 });
    const payBack = (id: number, days: number) =>
      db()
        .updateTable('orders')
        .set((eb) => ({ paid_at: eb('paid_at', '-', days * 86400) }))
        .where('id', '=', id)
        .execute();
    await payBack(late.o.id, 8);
    const r4 = (await apply(lu, late.o.items[0]?.id as number)).body.data;
    expect(r4.status).toBe('pending_review');
    expect((await refundOf(r4.id)).hold_reason).toBe('late');
    await payBack(other.id, 366);
    expect(await itemView(lu, other.id, other.items[0]?.id as number)).toMatchObject({ can_refund: 0 });
    expectRefused(await apply(lu, other.items[0]?.id as number), 409, CODE.conflict, '一年');
  });

  /** A paid e-book on sale with chapters past its free ones (and some free ones when `withFree`). */
  const ebookGood = (withFree = false) =>
    db()
      .selectFrom('goods as g')
      .innerJoin('ebooks as e', 'e.id', 'g.ref_id')
      .select(['g.id', 'g.ref_id'])
      .where('g.kind', '=', 'ebook')
      .where('g.price', '>', 0)
      .where('g.on_sale', '=', 1)
      .where('e.is_free', '=', 0)
      .where('e.free_chapters', '>=', withFree ? 1 : 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('ebook_chapters as c')
            .select('c.id')
            .whereRef('c.ebook_id', '=', 'e.id')
            .whereRef('c.sort', '>', 'e.free_chapters'),
        ),
      )
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
  /** A paid question bank on sale that has child banks (where the questions are). */
  const bankGood = () =>
    db()
      .selectFrom('goods as g')
      .innerJoin('question_banks as b', 'b.id', 'g.ref_id')
      .select(['g.id', 'g.ref_id'])
      .where('g.kind', '=', 'question_bank')
      .where('g.price', '>', 0)
      .where('g.on_sale', '=', 1)
      .where('b.is_free', '=', 0)
      .where((eb) => eb.exists(eb.selectFrom('question_banks as c').select('c.id').whereRef('c.parent_id', '=', 'b.id')))
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
  const heldAsUsed = async (u: TestUser, itemId: number) => {
    const r = (await apply(u, itemId)).body.data;
    expect(r).toMatchObject({ status: 'pending_review', status_text: '退款审核中' });
    const row = await refundOf(r.id);
    expect(row.hold_reason).toBe('used');
    expect(await refundsSentFor(row.out_refund_no)).toHaveLength(0);
    return r.id;
  };
  const refundedAtOnce = async (u: TestUser, itemId: number) => {
    const r = (await apply(u, itemId)).body.data;
    expect(r.status).toBe('succeeded');
    const row = await refundOf(r.id);
    expect(row.hold_reason).toBe('');
    expect(await refundsSentFor(row.out_refund_no)).toHaveLength(1);
  };
  const deliveriesOf = (u: TestUser) => db().selectFrom('content_deliveries').selectAll().where('user_id', '=', u.id).execute();

  it('an e-book whose every chapter was fetched, with no reading reported, waits for an operator (not sent to WeChat Pay)', async () => {
    const u = await newUser(s);
    const eg = await ebookGood();
    const eo = await buyAndPay(u, { [eg.id]: 1 });
    // Every chapter fetched, as an offline download does; no ebook.read sent.
    const chapters = (await call(ebook.ebookDetailEndpoint, { id: eg.ref_id }, u)).body.data.chapters;
    for (const c of chapters) {
      const got = await call(ebook.content, { id: eg.ref_id, chapter: c.id }, u);
      expect(got.body.status, got.body.msg).toBe(0);
    }
    expect(await db().selectFrom('ebook_chapter_reads').select('chapter_id').where('user_id', '=', u.id).execute()).toHaveLength(0);
    // One record for the book, however many chapters were fetched.
    expect((await deliveriesOf(u)).map((d) => [d.kind, d.ref_id])).toEqual([['ebook', eg.ref_id]]);
    const held = await heldAsUsed(u, eo.items[0]?.id as number);

    // Refunded by the operator and bought again later: judged by what was delivered since the new payment only.
    expect((await ops('approve', String(held))).code).toBe(0);
    s.advance(120);
    const again = await buyAndPay(u, { [eg.id]: 1 });
    await refundedAtOnce(u, again.items[0]?.id as number);
    const third = await buyAndPay(u, { [eg.id]: 1 });
    expect((await call(ebook.content, { id: eg.ref_id, chapter: chapters.at(-1)?.id as number }, u)).body.status).toBe(0);
    await heldAsUsed(u, third.items[0]?.id as number);
  });

  it('a course whose paid video’s play URL was handed out, with no progress reported, waits for an operator', async () => {
    const u = await newUser(s);
    const { g, o } = await buyCourse(u);
    expect(await plays(u, g.video_id)).toBe(0);
    expect(await plays(u, g.video_id)).toBe(0);
    expect(await db().selectFrom('video_progress').select('video_id').where('user_id', '=', u.id).execute()).toHaveLength(0);
    expect((await deliveriesOf(u)).map((d) => [d.kind, d.ref_id])).toEqual([['course', g.ref_id]]);
    await heldAsUsed(u, o.items[0]?.id as number);
  });

  it('a question bank whose questions were fetched, with nothing answered, waits for an operator', async () => {
    const u = await newUser(s);
    const bg = await bankGood();
    const bo = await buyAndPay(u, { [bg.id]: 1 });
    const kids = (await call(question.children, { id: bg.ref_id }, u)).body.data;
    const got = await call(question.content, { bank_id: kids[0]?.id as number }, u);
    expect(got.body.status, got.body.msg).toBe(0);
    expect(await db().selectFrom('question_records').select('id').where('user_id', '=', u.id).execute()).toHaveLength(0);
    expect((await deliveriesOf(u)).map((d) => [d.kind, d.ref_id])).toEqual([['question_bank', bg.ref_id]]);
    await heldAsUsed(u, bo.items[0]?.id as number);
  });

  it('free previews only, or nothing opened at all, is still unused: refunded at once', async () => {
    const u = await newUser(s);
    // E-book: its free chapters fetched and read.
    const eg = await ebookGood(true);
    const eo = await buyAndPay(u, { [eg.id]: 1 });
    const free = (await call(ebook.ebookDetailEndpoint, { id: eg.ref_id }, u)).body.data.chapters.filter((c) => c.is_free === 1);
    expect(free.length).toBeGreaterThan(0);
    for (const c of free) expect((await call(ebook.content, { id: eg.ref_id, chapter: c.id }, u)).body.status).toBe(0);
    await refundedAtOnce(u, eo.items[0]?.id as number);

    // Course: its free preview played.
    const { g, o } = await buyCourse(u);
    const preview = await db()
      .selectFrom('course_videos')
      .select('id')
      .where('course_id', '=', g.ref_id)
      .where('is_free', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await plays(u, preview.id)).toBe(0);
    await refundedAtOnce(u, o.items[0]?.id as number);

    // Question bank: bought and never opened.
    const bo = await buyAndPay(u, { [(await bankGood()).id]: 1 });
    await refundedAtOnce(u, bo.items[0]?.id as number);
    expect(await deliveriesOf(u)).toHaveLength(0);
  });

  it('a physical item under refund is not shipped; refunded before shipping, its pieces go back on sale; a shipped one’s do not', async () => {
    const u = await newUser(s);
    const phys = await goodOf('physical');
    const stockOf = async () => (await db().selectFrom('goods').select('stock').where('id', '=', phys.id).executeTakeFirstOrThrow()).stock;
    const ship = (itemId: number, no: string) => shipItem(s.services, { orderGoodsId: itemId, carrier: 'zhongtong', trackingNo: no });

    const before = await stockOf();
    const o = await buyAndPay(u, { [phys.id]: 2 }, true);
    const item = o.items[0] as (typeof o.items)[number];
    expect(await stockOf()).toBe(before - 2);
    const r = (await apply(u, item.id, '不想要了')).body.data;
    expect((await unshippedItems(s.services)).map((i) => i.order_goods_id)).not.toContain(item.id);
    await expect(ship(item.id, '73100000011111')).rejects.toThrow(/正在退款/);
    expect((await ops('approve', String(r.id))).code).toBe(0);
    expect(await stockOf()).toBe(before);
    await expect(ship(item.id, '73100000011111')).rejects.toThrow(/已退款/);

    // Shipped first, refunded after (the parcel is on its way back): the operator restocks by hand.
    const o2 = await buyAndPay(u, { [phys.id]: 1 }, true);
    const item2 = o2.items[0] as (typeof o2.items)[number];
    expect((await ship(item2.id, '73100000022222')).outcome).toBe('shipped');
    const r2 = (await apply(u, item2.id, '不想要了')).body.data;
    expect((await ops('approve', String(r2.id))).code).toBe(0);
    expect(await stockOf()).toBe(before - 1);
  });

  it('refuses what cannot be refunded: another user’s item like a missing one, unpaid orders, a missing or long reason', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    const { o } = await buyCourse(a);
    const itemId = o.items[0]?.id as number;
    const count = async () => (await db().selectFrom('refunds').select('id').execute()).length;
    const n = await count();
    const theirs = await apply(b, itemId);
    const missing = await apply(b, 999999);
    expectRefused(theirs, 404, CODE.notFound, '不存在');
    expect(theirs.body.msg).toBe(missing.body.msg.replace('999999', String(itemId)));
    expectRefused(await apply(a, itemId, '   '), 400, CODE.badInput, 'reason');
    expectRefused(await apply(a, itemId, '长'.repeat(201)), 400, CODE.badInput, 'reason');
    const pending = (await call(order.create, { goods: { [(await courseGood()).id]: 1 } }, b)).body.data;
    const pendingItem = (await call(order.detail, { id: pending.id }, b)).body.data.items[0];
    expect(pendingItem?.can_refund).toBe(0);
    expectRefused(await apply(b, pendingItem?.id as number), 409, CODE.conflict, '未支付');
    expect(await count()).toBe(n);
  });

  it('of 8 applications at once for one item exactly one is made; a second while it is open is refused', async () => {
    const u = await newUser(s);
    const phys = await goodOf('physical');
    const o = await buyAndPay(u, { [phys.id]: 1 }, true);
    const itemId = o.items[0]?.id as number;
    const replies = await Promise.all(Array.from({ length: 8 }, () => apply(u, itemId)));
    expect(replies.filter((r) => r.body.status === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.status !== 0)) expectRefused(r, 409, CODE.conflict, '处理中');
    expect(await db().selectFrom('refunds').select('id').where('order_goods_id', '=', itemId).execute()).toHaveLength(1);
  });

  it('refuses forged, unsigned, stale and mismatched refund notifications and changes nothing; the genuine one settles', async () => {
    sandboxOptions().refundStatus = 'PROCESSING';
    try {
      const u = await newUser(s);
      const { g, o } = await buyCourse(u);
      // Made while WeChat Pay cannot be reached: processing, and WeChat Pay knows nothing of it.
      const base = clientConfig().apiBase;
      clientConfig().apiBase = () => 'http://127.0.0.1:9';
      let r: Awaited<ReturnType<typeof refundOf>>;
      try {
        r = await refundOf((await apply(u, o.items[0]?.id as number)).body.data.id);
      } finally {
        clientConfig().apiBase = base;
      }
      expect(r.status).toBe('processing');
      const good = await refundNotification(r, o);
      const cases: Array<[string, { body: string; headers: Record<string, string> }, number]> = [
        ['a changed body', { ...good, body: good.body.replace('退款成功', '退款成功了') }, 401],
        [
          'a forged signature',
          { ...good, headers: { ...good.headers, 'wechatpay-signature': Buffer.alloc(256, 1).toString('base64') } },
          401,
        ],
        ['a signature probe', { ...good, headers: { ...good.headers, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${nonceOf()}` } }, 401],
        ['a timestamp 5 minutes old', await refundNotification(r, o, {}, { timestamp: s.services.clock() - 300 }), 401],
        ['an unknown serial', await refundNotification(r, o, {}, { serial: 'PUB_KEY_ID_0000000000000000000000000000UNKN' }), 401],
        ['no signature headers', { body: good.body, headers: {} }, 401],
        [
          'a wrong amount',
          await refundNotification(r, { ...o, total: o.total }, { amount: { total: o.total, refund: r.amount + 1 } }),
          400,
        ],
        ['a wrong order total', await refundNotification(r, { ...o, total: o.total + 100 }), 400],
        ['another merchant', await refundNotification(r, o, { mchid: '1900000999' }), 400],
        ['another order', await refundNotification(r, { ...o, order_no: 'BK_SOMEONE_ELSE_01' }), 400],
        ['an unknown refund', await refundNotification({ ...r, out_refund_no: 'RF_NO_SUCH_REFUND' }, o), 404],
      ];
      for (const [what, n, status] of cases) {
        const res = await postNotification(s, REFUND_NOTIFY_PATH, n);
        expect(res.status, what).toBe(status);
        expect(await res.json(), what).toMatchObject({ code: 'FAIL' });
      }
      expect(await refundOf(r.id)).toMatchObject({ status: 'processing' });
      expect(await opens(u, g.ref_id)).toBe(1);
      // The payment URL does not act on refund events (acknowledged, nothing changes).
      expect((await postNotification(s, NOTIFY_PATH, good)).status).toBe(204);
      expect((await refundOf(r.id)).status).toBe('processing');
      // A closed refund fails the request (the item may be applied for again); a genuine SUCCESS settles another.
      const closed = await refundNotification(r, o, { refund_status: 'CLOSED' }, { eventType: 'REFUND.CLOSED' });
      expect((await postNotification(s, REFUND_NOTIFY_PATH, closed)).status).toBe(204);
      expect(await refundOf(r.id)).toMatchObject({ status: 'failed', provider_status: 'CLOSED', active_item_id: null });
      expect(await opens(u, g.ref_id)).toBe(1);
      const before = sent.length;
      const again = await refundOf((await apply(u, o.items[0]?.id as number)).body.data.id);
      expect(again).toMatchObject({ status: 'processing' });
      expect(again.out_refund_no).not.toBe(r.out_refund_no);
      await expect.poll(() => sent.length).toBe(before + 1);
      expect((await postNotification(s, REFUND_NOTIFY_PATH, sent[before] as (typeof sent)[number])).status).toBe(204);
      expect((await refundOf(again.id)).status).toBe('succeeded');
      expect(await plays(u, g.video_id)).toBe(CODE.forbidden);
    } finally {
      sandboxOptions().refundStatus = 'SUCCESS';
    }
  });

  it('WeChat Pay down: the learner gets 退款中, not a 500; retry and the reconciler re-send under the same refund number', async () => {
    const u = await newUser(s);
    const { g, o } = await buyCourse(u);
    const base = clientConfig().apiBase;
    clientConfig().apiBase = () => 'http://127.0.0.1:9';
    let res: Awaited<ReturnType<typeof apply>>;
    try {
      res = await apply(u, o.items[0]?.id as number);
    } finally {
      clientConfig().apiBase = base;
    }
    expect(res.http).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'processing', status_text: '退款中' });
    const r = await refundOf(res.body.data.id);
    expect(r.last_error).toContain('连接失败');
    expect(await refundsSentFor(r.out_refund_no)).toHaveLength(0);
    expect(await plays(u, g.video_id)).toBe(0);

    // The operator's retry: WeChat Pay has no refund of that number, so it is sent again with the same one.
    const retried = await ops('retry', String(r.id));
    expect(retried.code, retried.err).toBe(0);
    const after = await refundOf(r.id);
    expect(after).toMatchObject({ status: 'succeeded', out_refund_no: r.out_refund_no });
    expect(await refundsSentFor(r.out_refund_no)).toHaveLength(1);
    expect(await plays(u, g.video_id)).toBe(CODE.forbidden);
    expect((await ops('retry', String(r.id))).code).toBe(1);

    // The reply lost after WeChat Pay refunded: the reconciler's query finds it and settles; nothing is refunded twice.
    const u2 = await newUser(s);
    const b2 = await buyCourse(u2);
    clientConfig().apiBase = () => 'http://127.0.0.1:9';
    let r2: Awaited<ReturnType<typeof refundOf>>;
    try {
      r2 = await refundOf((await apply(u2, b2.o.items[0]?.id as number)).body.data.id);
    } finally {
      clientConfig().apiBase = base;
    }
    await pay.client.refund({
      outTradeNo: b2.o.order_no,
      outRefundNo: r2.out_refund_no,
      refund: r2.amount,
      total: b2.o.total,
      reason: r2.reason,
      notifyUrl: r2.notify_url,
    });
    expect(await reconcileRefunds(s.services)).toBe(0);
    s.advance(61);
    expect(await reconcileRefunds(s.services)).toBeGreaterThanOrEqual(1);
    expect(await refundOf(r2.id)).toMatchObject({ status: 'succeeded' });
    expect(await refundsSentFor(r2.out_refund_no)).toHaveLength(1);
    expect(await plays(u2, b2.g.video_id)).toBe(CODE.forbidden);
  });

  it('never refunds more than was paid: items of one order, applied for, rejected, re-applied and approved in any order', async () => {
    const physical = await db()
      .selectFrom('goods')
      .selectAll()
      .where('kind', '=', 'physical')
      .where('price', '>', 0)
      .where('on_sale', '=', 1)
      .where('stock', '>', 50)
      .orderBy('id')
      .limit(3)
      .execute();
    expect(physical.length).toBeGreaterThanOrEqual(1);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: physical.length - 1 }), fc.integer({ min: 1, max: 3 })), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.constantFrom('approve', 'reject', 'apply'), { minLength: 1, maxLength: 8 }),
        async (lines, steps) => {
          const u = await newUser(s);
          const map: Record<number, number> = {};
          for (const [i, q] of lines) map[(physical[i] as (typeof physical)[number]).id] = q;
          const o = await buyAndPay(u, map, true);
          let k = 0;
          for (const step of steps) {
            const item = o.items[k++ % o.items.length] as (typeof o.items)[number];
            const open = await db()
              .selectFrom('refunds')
              .selectAll()
              .where('order_goods_id', '=', item.id)
              .where('status', '=', 'pending_review')
              .executeTakeFirst();
            if (step === 'apply') await apply(u, item.id);
            else if (open) await ops(step, String(open.id), '测试');
          }
          const rows = await db().selectFrom('refunds').selectAll().where('order_id', '=', o.id).execute();
          const done = rows.filter((r) => r.status === 'succeeded');
          const held = rows.filter((r) => ['pending_review', 'processing', 'succeeded'].includes(r.status));
          expect(held.reduce((n, r) => n + r.amount, 0)).toBeLessThanOrEqual(o.total);
          for (const r of rows)
            expect(r.amount).toBeLessThanOrEqual((o.items.find((i) => i.id === r.order_goods_id) as (typeof o.items)[number]).amount);
          for (const item of o.items) expect(done.filter((r) => r.order_goods_id === item.id).length).toBeLessThanOrEqual(1);
          const atWechat = await db().selectFrom('sandbox_pay_refunds').select('refund').where('out_trade_no', '=', o.order_no).execute();
          expect(atWechat.reduce((n, r) => n + r.refund, 0)).toBe(done.reduce((n, r) => n + r.amount, 0));
        },
      ),
      { numRuns: 6, seed: 15 },
    );
    // A refund is capped by what remains refundable of the order (e.g. had it been discounted).
    const u = await newUser(s);
    const p = physical[0] as (typeof physical)[number];
    const o = await buyAndPay(u, { [p.id]: 2 }, true);
    await db().updateTable('orders').set({ total: p.price }).where('id', '=', o.id).execute();
    const r = (await apply(u, o.items[0]?.id as number)).body.data;
    expect(r.amount).toBe(p.price);
  });
});

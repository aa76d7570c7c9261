/**
 * The offline WeChat Pay sandbox: WeChat Pay API v3 as published, served by the app itself (routes in
 * ./sandbox-routes.ts under /sandbox/wechatpay), with its own keys (./sandbox-keys.ts). It checks the merchant's
 * request signature, keeps transactions by out_trade_no (a re-sent number must carry the same parameters), answers
 * signed replies, and when a tester pays at its cashier it sends the notification WeChat Pay would: signed, with the
 * resource AES-256-GCM encrypted under the APIv3 key, repeated, sometimes after a signature probe.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/connect';
import { SANDBOX_MCHID, SANDBOX_MERCHANT_SERIAL, SANDBOX_PUBLIC_KEY_ID, type SandboxKeys } from './sandbox-keys';
import { encryptResource, MAX_SKEW_SECONDS, message, nonceOf, parseAuthorization, signReply, verifySha256Rsa } from './wechatpay-v3-crypto';

export interface SandboxReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export interface SandboxOptions {
  db: Db;
  keys: SandboxKeys;
  appId: string;
  clock: () => number;
  /** Extra deliveries of each notification after the first (WeChat Pay repeats; handlers must be idempotent). */
  repeats?: number;
  /** Send a `WECHATPAY/SIGNTEST/` probe before every n-th notification (0: never). */
  probeEvery?: number;
  /** Delay between deliveries, ms. */
  repeatDelayMs?: number;
  /**
   * What a new refund answers: SUCCESS at once (the default), or PROCESSING, then SUCCESS when its notification is
   * sent (as WeChat Pay mostly does: the result comes by notification or query).
   */
  refundStatus?: 'SUCCESS' | 'PROCESSING';
  /** Where deliveries go (tests replace it); defaults to fetch. */
  deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
}

type Tx = Awaited<ReturnType<WechatPaySandbox['txByNo']>>;

const json = (v: unknown) => JSON.stringify(v);
/** WeChat Pay: a prepay_id is valid for 2 hours. */
const PREPAY_SECONDS = 7200;
const newPrepayId = (now: number) => `wx${now}${crypto.randomBytes(10).toString('hex')}`;

export class WechatPaySandbox {
  private sent = 0;
  constructor(private readonly o: SandboxOptions) {}

  private reply(status: number, body: unknown): SandboxReply {
    const text = body === undefined ? '' : json(body);
    const h = signReply(text, this.o.keys.platformPrivate, SANDBOX_PUBLIC_KEY_ID, this.o.clock(), nonceOf());
    return {
      status,
      body: text,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'wechatpay-timestamp': h.timestamp,
        'wechatpay-nonce': h.nonce,
        'wechatpay-signature': h.signature,
        'wechatpay-serial': h.serial,
        'request-id': crypto.randomUUID(),
      },
    };
  }

  private refuse(status: number, code: string, msg: string): SandboxReply {
    return this.reply(status, { code, message: msg });
  }

  /** Checks the merchant's `Authorization` the way WeChat Pay does. */
  private authorized(method: string, urlPath: string, rawBody: string, header: string | undefined): string | null {
    const a = header ? parseAuthorization(header) : null;
    if (!a?.signature || !a.timestamp || !a.nonce_str) return '缺少或无法解析 Authorization';
    if (a.mchid !== SANDBOX_MCHID) return `商户号 ${a.mchid} 不存在`;
    if (a.serial_no !== SANDBOX_MERCHANT_SERIAL) return `商户证书序列号 ${a.serial_no} 不正确`;
    if (Math.abs(this.o.clock() - Number(a.timestamp)) >= MAX_SKEW_SECONDS) return '请求时间戳超出 5 分钟';
    const text = message(method, urlPath, a.timestamp, a.nonce_str, rawBody);
    return verifySha256Rsa(text, a.signature, this.o.keys.merchantPublic) ? null : '签名错误';
  }

  async txByNo(outTradeNo: string) {
    return this.o.db.kysely.selectFrom('sandbox_pay_transactions').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
  }

  /** The transaction of a prepay_id that is still valid (a lapsed one pays nothing, as at WeChat Pay). */
  async txByPrepay(prepayId: string) {
    return this.o.db.kysely
      .selectFrom('sandbox_pay_transactions')
      .selectAll()
      .where('prepay_id', '=', prepayId)
      .where('prepay_expires_at', '>', this.o.clock())
      .executeTakeFirst();
  }

  private transaction(t: NonNullable<Tx>) {
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.out_trade_no,
      ...(t.transaction_id ? { transaction_id: t.transaction_id } : {}),
      trade_type: t.channel === 'jsapi' ? 'JSAPI' : 'MWEB',
      trade_state: t.trade_state,
      trade_state_desc:
        { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', PAYERROR: '支付失败', REFUND: '转入退款' }[t.trade_state] ?? '',
      ...(t.success_time ? { success_time: new Date(t.success_time * 1000).toISOString() } : {}),
      payer: { openid: t.openid },
      amount: {
        total: t.total,
        payer_total: t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND' ? t.total : 0,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }

  private async createOrder(channel: 'jsapi' | 'h5', rawBody: string): Promise<SandboxReply> {
    let b: {
      appid?: string;
      mchid?: string;
      description?: string;
      out_trade_no?: string;
      time_expire?: string;
      notify_url?: string;
      amount?: { total?: number };
      payer?: { openid?: string };
      scene_info?: { payer_client_ip?: string; h5_info?: { type?: string } };
    };
    try {
      b = JSON.parse(rawBody);
    } catch {
      return this.refuse(400, 'PARAM_ERROR', '请求体不是 JSON');
    }
    if (b.mchid !== SANDBOX_MCHID) return this.refuse(400, 'MCH_NOT_EXISTS', '商户号不存在');
    if (b.appid !== this.o.appId) return this.refuse(400, 'APPID_MCHID_NOT_MATCH', 'appid 和 mchid 不匹配');
    if (!b.out_trade_no || !/^[A-Za-z0-9_*|-]{6,32}$/.test(b.out_trade_no))
      return this.refuse(400, 'PARAM_ERROR', 'out_trade_no 格式不正确');
    if (!b.description) return this.refuse(400, 'PARAM_ERROR', '缺少 description');
    if (!b.notify_url || !/^https?:\/\/[^?]+$/.test(b.notify_url)) return this.refuse(400, 'PARAM_ERROR', 'notify_url 须为不带参数的网址');
    const total = b.amount?.total;
    if (!Number.isInteger(total) || (total as number) < 1) return this.refuse(400, 'PARAM_ERROR', 'amount.total 须为大于 0 的整数（分）');
    if (channel === 'jsapi' && !b.payer?.openid) return this.refuse(400, 'PARAM_ERROR', 'JSAPI 下单须有 payer.openid');
    if (channel === 'h5') {
      const ip = b.scene_info?.payer_client_ip;
      if (!ip || !b.scene_info?.h5_info?.type)
        return this.refuse(400, 'PARAM_ERROR', 'H5 下单须有 scene_info.payer_client_ip 和 h5_info.type');
    }
    const hash = crypto
      .createHash('sha256')
      .update(json({ channel, b: { ...b, time_expire: undefined } }))
      .digest('hex');
    const now = this.o.clock();
    const existing = await this.txByNo(b.out_trade_no);
    if (existing) {
      if (existing.request_hash !== hash) return this.refuse(400, 'INVALID_REQUEST', '请求重入时，参数与首次请求时不一致');
      if (existing.trade_state === 'SUCCESS') return this.refuse(400, 'ORDER_PAID', '该订单已支付');
      if (existing.trade_state === 'CLOSED') return this.refuse(400, 'ORDER_CLOSED', '该订单已关闭');
      if (existing.prepay_expires_at > now) return this.created(channel, existing.prepay_id);
      // The prepay_id has lapsed (2 hours): the same order gets a new one, the old one no longer pays.
      const renewed = newPrepayId(now);
      await this.o.db.kysely
        .updateTable('sandbox_pay_transactions')
        .set({ prepay_id: renewed, prepay_expires_at: now + PREPAY_SECONDS })
        .where('out_trade_no', '=', existing.out_trade_no)
        .where('prepay_id', '=', existing.prepay_id)
        .execute();
      const row = await this.txByNo(existing.out_trade_no);
      return this.created(channel, row?.prepay_id ?? renewed);
    }
    const prepayId = newPrepayId(now);
    const expire = b.time_expire ? Math.floor(Date.parse(b.time_expire) / 1000) : now + 7 * 86400;
    await this.o.db.kysely
      .insertInto('sandbox_pay_transactions')
      .values({
        out_trade_no: b.out_trade_no,
        mchid: b.mchid,
        appid: b.appid,
        channel,
        description: b.description.slice(0, 255),
        total: total as number,
        notify_url: b.notify_url,
        openid: b.payer?.openid ?? `sandbox-h5-${crypto.randomBytes(6).toString('hex')}`,
        request_hash: hash,
        prepay_id: prepayId,
        trade_state: 'NOTPAY',
        transaction_id: '',
        created_at: now,
        time_expire: Number.isFinite(expire) ? expire : now + 7 * 86400,
        prepay_expires_at: now + PREPAY_SECONDS,
        success_time: null,
      })
      .onConflict((oc) => oc.column('out_trade_no').doNothing())
      .execute();
    const row = await this.txByNo(b.out_trade_no);
    if (!row || row.request_hash !== hash) return this.refuse(400, 'INVALID_REQUEST', '请求重入时，参数与首次请求时不一致');
    return this.created(channel, row.prepay_id);
  }

  private created(channel: 'jsapi' | 'h5', prepayId: string): SandboxReply {
    if (channel === 'jsapi') return this.reply(200, { prepay_id: prepayId });
    return this.reply(200, { h5_url: `/sandbox/wechatpay/cashier?prepay_id=${prepayId}&package=${crypto.randomBytes(4).toString('hex')}` });
  }

  /** One call of the API: `urlPath` is the path after the sandbox's base (what the merchant signed). */
  async handle(method: string, urlPath: string, rawBody: string, authorizationHeader: string | undefined): Promise<SandboxReply> {
    const why = this.authorized(method, urlPath, rawBody, authorizationHeader);
    if (why) return this.refuse(401, 'SIGN_ERROR', why);
    const path = urlPath.split('?')[0] ?? '';
    if (method === 'POST' && path === '/v3/pay/transactions/jsapi') return this.createOrder('jsapi', rawBody);
    if (method === 'POST' && path === '/v3/pay/transactions/h5') return this.createOrder('h5', rawBody);
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (q) {
      const t = await this.txByNo(decodeURIComponent(q[1] as string));
      if (!t) return this.refuse(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (method === 'GET' && !q[2]) return this.reply(200, this.transaction(t));
      if (method === 'POST' && q[2]) {
        if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') return this.refuse(400, 'ORDER_PAID', '订单已支付，请走退款');
        await this.o.db.kysely
          .updateTable('sandbox_pay_transactions')
          .set({ trade_state: 'CLOSED' })
          .where('out_trade_no', '=', t.out_trade_no)
          .execute();
        return this.reply(204, undefined);
      }
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') return this.refund(rawBody);
    const r = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && r) {
      const row = await this.o.db.kysely
        .selectFrom('sandbox_pay_refunds')
        .selectAll()
        .where('out_refund_no', '=', decodeURIComponent(r[1] as string))
        .executeTakeFirst();
      if (!row) return this.refuse(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return this.reply(200, this.refundView(row));
    }
    return this.refuse(404, 'NOT_FOUND', `沙箱未实现 ${method} ${path}`);
  }

  private refundView(r: { out_refund_no: string; refund_id: string; out_trade_no: string; status: string; refund: number; total: number }) {
    return {
      out_refund_no: r.out_refund_no,
      refund_id: r.refund_id,
      out_trade_no: r.out_trade_no,
      status: r.status,
      amount: { refund: r.refund, total: r.total, currency: 'CNY' },
    };
  }

  private async refund(rawBody: string): Promise<SandboxReply> {
    let b: { out_trade_no?: string; out_refund_no?: string; notify_url?: string; amount?: { refund?: number; total?: number } };
    try {
      b = JSON.parse(rawBody);
    } catch {
      return this.refuse(400, 'PARAM_ERROR', '请求体不是 JSON');
    }
    if (!b.out_refund_no || !b.out_trade_no) return this.refuse(400, 'PARAM_ERROR', '缺少 out_trade_no 或 out_refund_no');
    const db = this.o.db.kysely;
    const before = await db.selectFrom('sandbox_pay_refunds').selectAll().where('out_refund_no', '=', b.out_refund_no).executeTakeFirst();
    if (before) return this.reply(200, this.refundView(before));
    const t = await this.txByNo(b.out_trade_no);
    if (!t) return this.refuse(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') return this.refuse(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    const refund = b.amount?.refund ?? 0;
    if (b.amount?.total !== t.total) return this.refuse(400, 'PARAM_ERROR', 'amount.total 与原订单金额不一致');
    const done = await db
      .selectFrom('sandbox_pay_refunds')
      .select((eb) => eb.fn.sum<number | string>('refund').as('n'))
      .where('out_trade_no', '=', t.out_trade_no)
      .executeTakeFirstOrThrow();
    if (!Number.isInteger(refund) || refund < 1 || Number(done.n ?? 0) + refund > t.total)
      return this.refuse(400, 'INVALID_REQUEST', '退款金额超过订单可退金额');
    const row = {
      out_refund_no: b.out_refund_no,
      out_trade_no: t.out_trade_no,
      refund_id: `50${this.o.clock()}${crypto.randomBytes(6).toString('hex')}`,
      refund,
      total: t.total,
      status: this.o.refundStatus ?? 'SUCCESS',
      notify_url: b.notify_url ?? '',
      created_at: this.o.clock(),
    };
    await db
      .insertInto('sandbox_pay_refunds')
      .values(row)
      .onConflict((oc) => oc.column('out_refund_no').doNothing())
      .execute();
    await db.updateTable('sandbox_pay_transactions').set({ trade_state: 'REFUND' }).where('out_trade_no', '=', t.out_trade_no).execute();
    const reply = this.reply(200, this.refundView(row));
    if (row.status !== 'SUCCESS')
      await db.updateTable('sandbox_pay_refunds').set({ status: 'SUCCESS' }).where('out_refund_no', '=', row.out_refund_no).execute();
    if (row.notify_url)
      void this.notify(row.notify_url, 'REFUND.SUCCESS', 'refund', {
        mchid: t.mchid,
        out_trade_no: t.out_trade_no,
        transaction_id: t.transaction_id,
        out_refund_no: row.out_refund_no,
        refund_id: row.refund_id,
        refund_status: 'SUCCESS',
        success_time: new Date().toISOString(),
        amount: { total: t.total, refund, payer_total: t.total, payer_refund: refund },
        user_received_account: '支付用户零钱',
      });
    return reply;
  }

  /** The tester's choice at the cashier: pay (notification follows), cancel (nothing changes) or fail. */
  async act(prepayId: string, action: 'pay' | 'cancel' | 'fail'): Promise<NonNullable<Tx> | null> {
    const t = await this.txByPrepay(prepayId);
    if (!t) return null;
    if (action === 'cancel' || t.trade_state !== 'NOTPAY') return t;
    const db = this.o.db.kysely;
    if (action === 'fail') {
      await db
        .updateTable('sandbox_pay_transactions')
        .set({ trade_state: 'PAYERROR' })
        .where('out_trade_no', '=', t.out_trade_no)
        .where('trade_state', '=', 'NOTPAY')
        .execute();
      return (await this.txByPrepay(prepayId)) ?? null;
    }
    const now = this.o.clock();
    const won = await db
      .updateTable('sandbox_pay_transactions')
      .set({ trade_state: 'SUCCESS', transaction_id: `42000${now}${crypto.randomInt(1e6, 1e7)}`, success_time: now })
      .where('out_trade_no', '=', t.out_trade_no)
      .where('trade_state', '=', 'NOTPAY')
      .executeTakeFirst();
    const paid = (await this.txByPrepay(prepayId)) as NonNullable<Tx>;
    if (Number(won.numUpdatedRows) === 1) void this.notify(paid.notify_url, 'TRANSACTION.SUCCESS', 'transaction', this.transaction(paid));
    return paid;
  }

  /** Delivers a notification like WeChat Pay: a probe now and then, the signed one, then repeats. */
  async notify(url: string, eventType: string, originalType: string, plain: object): Promise<void> {
    const deliver = this.o.deliver ?? defaultDeliver;
    const resource = encryptResource(json(plain), this.o.keys.apiV3Key, nonceOf(12), originalType, originalType);
    const body = json({
      id: crypto.randomUUID(),
      create_time: new Date(this.o.clock() * 1000).toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource,
    });
    const signedHeaders = () => {
      const h = signReply(body, this.o.keys.platformPrivate, SANDBOX_PUBLIC_KEY_ID, this.o.clock(), nonceOf());
      return {
        'content-type': 'application/json',
        'wechatpay-timestamp': h.timestamp,
        'wechatpay-nonce': h.nonce,
        'wechatpay-signature': h.signature,
        'wechatpay-serial': h.serial,
      };
    };
    this.sent += 1;
    const probeEvery = this.o.probeEvery ?? 5;
    try {
      if (probeEvery > 0 && this.sent % probeEvery === 0) {
        await deliver(url, body, {
          ...signedHeaders(),
          'wechatpay-signature': `WECHATPAY/SIGNTEST/${crypto.randomBytes(16).toString('base64')}`,
        });
      }
      for (let i = 0; i <= (this.o.repeats ?? 2); i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, this.o.repeatDelayMs ?? 1000));
        await deliver(url, body, signedHeaders());
      }
    } catch {
      // WeChat Pay retries later; the merchant's order query covers a notification that never arrives.
    }
  }
}

async function defaultDeliver(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
  await res.text();
  return res.status;
}

/**
 * The real WeChat Pay API v3 adapter (direct merchant), on `fetch` and node:crypto: JSAPI and H5 orders, query,
 * close and refunds. Every request is signed with the merchant key; every reply is verified with the key its
 * `Wechatpay-Serial` names (the WeChat Pay public key `PUB_KEY_ID_…`, or a platform certificate's serial) before its
 * body is believed. The offline sandbox serves the same protocol under the app (`./sandbox-routes.ts`), so this one
 * client is what runs in both modes, pointed at WeChat or at the sandbox by `apiBase`.
 */
import type { KeyObject } from 'node:crypto';
import { ApiError } from '../../http/errors';
import {
  authorization,
  type JsapiPayParams,
  jsapiPayParams,
  type MerchantSigner,
  nonceOf,
  signedHeadersOf,
  verifySigned,
} from './wechatpay-v3-crypto';

/** Envelope code of a failure of WeChat Pay's servers (not the learner's input). */
export const UPSTREAM_CODE = 5020;

export interface WechatPayConfig extends MerchantSigner {
  appId: string;
  /** https://api.mch.weixin.qq.com, or the sandbox's base (a function: the sandbox's is known once the server listens). */
  apiBase: () => string;
  /** Keys that may sign WeChat Pay's replies and notifications, by serial. */
  verifyKeys: ReadonlyMap<string, KeyObject>;
  /** The serial WeChat Pay asks requests to name (`Wechatpay-Serial`): the public key's id. */
  wechatpaySerial: string;
  timeoutMs?: number;
  clock: () => number;
}

export type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'USERPAYING' | 'PAYERROR' | 'REVOKED';

export interface Transaction {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: TradeState;
  mchid?: string;
  appid?: string;
  amount?: { total: number; payer_total?: number; currency?: string };
  success_time?: string;
}

export interface RefundReply {
  out_refund_no: string;
  out_trade_no?: string;
  refund_id?: string;
  status: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
  amount?: { refund: number; total: number };
}

export interface OrderBody {
  outTradeNo: string;
  description: string;
  /** Fen, at least 1. */
  total: number;
  /** Unix seconds; sent as RFC 3339 in China time. */
  expiresAt: number;
}

function rfc3339China(seconds: number): string {
  const d = new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 19);
  return `${d}+08:00`;
}

/**
 * A failure of a WeChat Pay call. `wechatCode` is WeChat Pay's error code of a signed refusal (4xx); `unsignedCode` the
 * code of a refusal that came without signature headers (WeChat Pay answers some so), which anyone on the way could
 * have written: a hint, acted on only where a forged one does no harm (`wechatCodeOf`).
 */
export class WechatPayError extends ApiError {
  constructor(
    httpStatus: number,
    message: string,
    readonly wechatCode = '',
    readonly unsignedCode = '',
  ) {
    super(httpStatus, UPSTREAM_CODE, message);
  }
}

/** The error code of a WeChat Pay refusal: a signed one's, or also an unsigned one's when `evenUnsigned`. */
export function wechatCodeOf(e: unknown, evenUnsigned = false): string {
  if (!(e instanceof WechatPayError)) return '';
  return e.wechatCode || (evenUnsigned ? e.unsignedCode : '');
}

/** An unsigned 4xx: never a success; its code is kept apart from a signed one's. */
function unsignedRefusal(status: number, raw: string): WechatPayError {
  let code = '';
  try {
    const parsed = JSON.parse(raw) as { code?: unknown };
    if (typeof parsed.code === 'string' && /^[A-Z_]{1,64}$/.test(parsed.code)) code = parsed.code;
  } catch {
    // Not JSON (a proxy's page): no code to read.
  }
  return new WechatPayError(502, `微信支付拒绝了请求（应答未签名）：${code || status}`, '', code);
}

function upstream(message: string, busy = false, wechatCode = ''): ApiError {
  return new WechatPayError(busy ? 503 : 502, message, wechatCode);
}

export class WechatPayClient {
  constructor(private readonly c: WechatPayConfig) {}

  get appId(): string {
    return this.c.appId;
  }

  /** The JSAPI parameters for a prepay id, signed now with the merchant key (what the browser hands to WeChat). */
  jsapiParams(prepayId: string): JsapiPayParams {
    return jsapiPayParams(this.c.appId, prepayId, this.c.privateKey, this.c.clock(), nonceOf());
  }

  private async send<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; data: T | null }> {
    const text = body ? JSON.stringify(body) : '';
    const timestamp = this.c.clock();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: authorization(this.c, { method, urlPath: path, body: text, timestamp, nonce: nonceOf() }),
      'Wechatpay-Serial': this.c.wechatpaySerial,
      'User-Agent': 'beikao-wechatpay-v3',
    };
    if (body) headers['Content-Type'] = 'application/json';
    let res: Response;
    let raw: string;
    try {
      res = await fetch(this.c.apiBase() + path, {
        method,
        headers,
        body: body ? text : undefined,
        signal: AbortSignal.timeout(this.c.timeoutMs ?? 8000),
      });
      raw = await res.text();
    } catch {
      throw upstream('微信支付服务连接失败，请稍后再试', true);
    }
    // Every reply that carries a body must be signed by WeChat Pay; an unsigned or forged one is not believed.
    if (raw !== '' || res.status < 300) {
      const h: Record<string, string> = {};
      res.headers.forEach((v, k) => {
        h[k] = v;
      });
      const verdict = verifySigned(signedHeadersOf(h), raw, this.c.verifyKeys, this.c.clock());
      if (!verdict.ok && verdict.reason === 'missing_headers' && res.status >= 400 && res.status < 500)
        throw unsignedRefusal(res.status, raw);
      if (!verdict.ok) throw upstream(`微信支付的应答验签失败（${verdict.reason}）`);
    }
    if (res.status >= 500) throw upstream('微信支付服务繁忙，请稍后再试', true);
    let data: T | null = null;
    if (raw !== '') {
      try {
        data = JSON.parse(raw) as T;
      } catch {
        throw upstream('微信支付返回了无法解析的应答');
      }
    }
    if (res.status >= 400) {
      const e = data as { code?: string; message?: string } | null;
      throw upstream(`微信支付拒绝了请求：${e?.code ?? res.status}${e?.message ? ` ${e.message.slice(0, 80)}` : ''}`, false, e?.code ?? '');
    }
    return { status: res.status, data };
  }

  private orderBody(o: OrderBody & { notifyUrl: string }) {
    return {
      appid: this.c.appId,
      mchid: this.c.mchid,
      description: o.description.slice(0, 127),
      out_trade_no: o.outTradeNo,
      time_expire: rfc3339China(o.expiresAt),
      notify_url: o.notifyUrl,
      amount: { total: o.total, currency: 'CNY' },
    };
  }

  /** JSAPI order (inside WeChat's browser): the prepay id, valid 2 hours. */
  async jsapi(o: OrderBody & { openid: string; notifyUrl: string }): Promise<string> {
    const r = await this.send<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
      ...this.orderBody(o),
      payer: { openid: o.openid },
    });
    if (!r.data?.prepay_id) throw upstream('微信支付未返回 prepay_id');
    return r.data.prepay_id;
  }

  /** H5 order (other phone browsers): the cashier URL, valid 5 minutes. */
  async h5(o: OrderBody & { clientIp: string; deviceType: 'iOS' | 'Android' | 'Wap'; notifyUrl: string }): Promise<string> {
    const r = await this.send<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', {
      ...this.orderBody(o),
      scene_info: { payer_client_ip: o.clientIp, h5_info: { type: o.deviceType } },
    });
    if (!r.data?.h5_url) throw upstream('微信支付未返回 h5_url');
    return r.data.h5_url;
  }

  /** The order as WeChat Pay sees it (by our order number: the only form that works for unpaid orders). */
  async query(outTradeNo: string): Promise<Transaction | null> {
    try {
      const r = await this.send<Transaction>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${this.c.mchid}`,
      );
      return r.data;
    } catch (e) {
      if (wechatCodeOf(e) === 'ORDER_NOT_EXIST') return null;
      throw e;
    }
  }

  /** Closes an unpaid order (may be repeated). */
  async close(outTradeNo: string): Promise<void> {
    await this.send('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.c.mchid });
  }

  /** A refund; the same `outRefundNo` on every retry (a new number would refund twice). */
  async refund(r: {
    outTradeNo: string;
    outRefundNo: string;
    refund: number;
    total: number;
    reason: string;
    notifyUrl: string;
  }): Promise<RefundReply> {
    const res = await this.send<RefundReply>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: r.outTradeNo,
      out_refund_no: r.outRefundNo,
      reason: r.reason.slice(0, 80),
      notify_url: r.notifyUrl,
      amount: { refund: r.refund, total: r.total, currency: 'CNY' },
    });
    if (!res.data) throw upstream('微信支付未返回退款结果');
    return res.data;
  }

  /**
   * A refund as WeChat Pay sees it, by our refund number; null when WeChat Pay has no refund of that number. An
   * unsigned RESOURCE_NOT_EXISTS counts too: the caller then sends the refund again under the same number, which
   * WeChat Pay refunds at most once, so a forged answer costs one request.
   */
  async queryRefund(outRefundNo: string): Promise<RefundReply | null> {
    try {
      const r = await this.send<RefundReply>('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
      return r.data;
    } catch (e) {
      if (wechatCodeOf(e, true) === 'RESOURCE_NOT_EXISTS') return null;
      throw e;
    }
  }
}

/**
 * The real JS-SDK ticket: the official account's access token (`GET /cgi-bin/token`, client_credential) and with it
 * the `jsapi_ticket` (`GET /cgi-bin/ticket/getticket?type=jsapi`), both cached server-wide and refreshed before their
 * 7200 s expiry by one caller at a time (./credential-cache.ts). A ticket call refused for a stale access token
 * (40001, 42001, 40014) fetches a new token once and tries again.
 */
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/errors';
import { UPSTREAM_CODE } from '../oauth/wechat-oauth';
import { CredentialCache, type Fetched } from './credential-cache';
import type { JsSdkTicketProvider } from './types';

export interface WechatTicketOptions {
  appId: string;
  appSecret: string;
  /** `https://api.weixin.qq.com`. */
  apiBase: string;
  db: Db;
  clock: () => number;
  timeoutMs?: number;
}

const STALE_TOKEN = new Set([40001, 40014, 42001]);
const ACCESS_TOKEN = 'access_token';
const JSAPI_TICKET = 'jsapi_ticket';

interface WechatReply {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  ticket?: string;
  expires_in?: number;
}

class WechatRefusal extends Error {
  constructor(
    readonly errcode: number,
    message: string,
  ) {
    super(message);
  }
}

export class WechatTicketProvider implements JsSdkTicketProvider {
  readonly name = 'wechat';
  private readonly cache: CredentialCache;
  constructor(private readonly o: WechatTicketOptions) {
    this.cache = new CredentialCache(o.db, o.clock);
  }

  async ticket(): Promise<string> {
    try {
      return await this.cache.get(JSAPI_TICKET, () => this.fetchTicket());
    } catch (e) {
      if (e instanceof WechatRefusal) throw new ApiError(502, UPSTREAM_CODE, `获取微信 JS-SDK 签名失败：${e.message}`);
      if (e instanceof ApiError) throw e;
      throw new ApiError(502, UPSTREAM_CODE, '获取微信 JS-SDK 签名失败：微信服务暂时无法访问');
    }
  }

  private async fetchTicket(): Promise<Fetched> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.cache.get(ACCESS_TOKEN, () => this.fetchToken());
      try {
        const r = await this.call('/cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' });
        if (!r.ticket) throw new WechatRefusal(-1, '微信没有返回 ticket');
        return { value: r.ticket, expiresIn: r.expires_in ?? 7200 };
      } catch (e) {
        if (attempt === 0 && e instanceof WechatRefusal && STALE_TOKEN.has(e.errcode)) {
          await this.cache.invalidate(ACCESS_TOKEN, token);
          continue;
        }
        throw e;
      }
    }
  }

  private async fetchToken(): Promise<Fetched> {
    const r = await this.call('/cgi-bin/token', { grant_type: 'client_credential', appid: this.o.appId, secret: this.o.appSecret });
    if (!r.access_token) throw new WechatRefusal(-1, '微信没有返回 access_token');
    return { value: r.access_token, expiresIn: r.expires_in ?? 7200 };
  }

  /** One GET of WeChat's API; an errcode reply becomes a WechatRefusal (the secret is never part of a message). */
  private async call(path: string, query: Record<string, string>): Promise<WechatReply> {
    const url = `${this.o.apiBase}${path}?${new URLSearchParams(query).toString()}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(this.o.timeoutMs ?? 8000) });
    const text = await res.text();
    let body: WechatReply;
    try {
      body = JSON.parse(text) as WechatReply;
    } catch {
      throw new WechatRefusal(-1, `微信返回了无法解析的内容（HTTP ${res.status}）`);
    }
    if (body.errcode) throw new WechatRefusal(body.errcode, `errcode ${body.errcode}${body.errmsg ? `：${body.errmsg.slice(0, 80)}` : ''}`);
    return body;
  }
}

import { ApiError } from '../../http/errors';
import type { OauthIdentity, OauthProvider } from './types';

/** Envelope code of a failure of WeChat's servers (not the visitor's input). */
export const UPSTREAM_CODE = 5020;
const TIMEOUT_MS = 8000;

export interface WechatOauthOptions {
  appId: string;
  appSecret: string;
  /** `https://api.weixin.qq.com` (token and user info). */
  apiBase: string;
  /** `https://open.weixin.qq.com` (the authorize page). */
  openBase: string;
  /** Per-call timeout (default 8000 ms). */
  timeoutMs?: number;
}

interface WechatError {
  errcode: number;
  errmsg?: string;
}

/** errcodes meaning the code itself is bad: the visitor just authorizes again. */
const BAD_CODE = new Set([40029, 40163, 41008]);
/** Known errcodes and what they mean for us, in Chinese. */
const KNOWN: Record<number, string> = {
  [-1]: '微信服务繁忙，请稍后再试',
  40001: '微信接口凭证无效',
  40013: '微信公众号 AppID 配置有误',
  40125: '微信公众号 AppSecret 配置有误',
  40164: '服务器 IP 不在微信公众号的接口白名单中',
  42001: '微信授权已过期，请重新授权',
  45009: '微信接口调用已达今日上限，请稍后再试',
  45011: '微信接口调用过于频繁，请稍后再试',
  48001: '公众号未获得网页授权接口权限',
  50001: '公众号未获得网页授权接口权限',
};

function upstream(message: string, busy = false): ApiError {
  return new ApiError(busy ? 503 : 502, UPSTREAM_CODE, message);
}

function isWechatError(v: unknown): v is WechatError {
  return Boolean(v && typeof v === 'object' && typeof (v as WechatError).errcode === 'number' && (v as WechatError).errcode !== 0);
}

function explain(step: string, e: WechatError): ApiError {
  const known = KNOWN[e.errcode];
  const busy = e.errcode === -1 || e.errcode === 45009 || e.errcode === 45011;
  return upstream(`${step}失败：${known ?? '微信返回错误'}（errcode ${e.errcode}${e.errmsg ? `：${e.errmsg.slice(0, 80)}` : ''}）`, busy);
}

/** A string field of a WeChat reply, cut to what our columns hold. */
function field(v: unknown, max: number): string {
  return typeof v === 'string' ? v.slice(0, max) : '';
}

/**
 * The real WeChat official-account web OAuth (snsapi_userinfo): the authorize URL on open.weixin.qq.com,
 * the code-for-token exchange and the user-info call on api.weixin.qq.com. WeChat's errcode replies and
 * network failures become ApiErrors with Chinese messages (a bad or used code: null, i.e. "authorize again").
 */
export class WechatOauthProvider implements OauthProvider {
  readonly name = 'wechat';
  constructor(private readonly opts: WechatOauthOptions) {}

  authorizeUrl(redirectUri: string, state: string): string {
    // WeChat checks the parameter order: appid, redirect_uri, response_type, scope, state.
    const q = new URLSearchParams({
      appid: this.opts.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state,
    });
    return `${this.opts.openBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
  }

  async exchange(code: string): Promise<OauthIdentity | null> {
    const token = await this.get('换取微信授权凭证', '/sns/oauth2/access_token', {
      appid: this.opts.appId,
      secret: this.opts.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    if (isWechatError(token)) {
      if (BAD_CODE.has(token.errcode)) return null;
      throw explain('换取微信授权凭证', token);
    }
    const accessToken = field(token.access_token, 512);
    const openid = field(token.openid, 128);
    if (!accessToken || !openid) throw upstream('换取微信授权凭证失败：微信的回复缺少 access_token 或 openid');

    const info = await this.get('获取微信用户信息', '/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
    if (isWechatError(info)) throw explain('获取微信用户信息', info);
    if (info.openid !== undefined && info.openid !== openid) throw upstream('获取微信用户信息失败：openid 与授权凭证不符');
    const avatar = field(info.headimgurl, 1000);
    return { openid, nickname: field(info.nickname, 64), avatar: avatar.length <= 255 ? avatar : '' };
  }

  /** One GET to WeChat's API; the reply is JSON (WeChat sends it as text/plain at times). */
  private async get(step: string, path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${this.opts.apiBase}${path}?${new URLSearchParams(query).toString()}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? TIMEOUT_MS) });
    } catch {
      throw upstream(`${step}失败：无法连接微信服务器，请稍后再试`, true);
    }
    if (!res.ok) throw upstream(`${step}失败：微信服务器返回 HTTP ${res.status}，请稍后再试`, res.status >= 500);
    let body: unknown;
    try {
      body = JSON.parse(await res.text());
    } catch {
      throw upstream(`${step}失败：微信服务器的回复无法识别`);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw upstream(`${step}失败：微信服务器的回复无法识别`);
    return body as Record<string, unknown>;
  }
}

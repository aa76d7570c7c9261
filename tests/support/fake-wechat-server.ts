import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WeChat user as /sns/userinfo describes them. */
export interface FakeWechatUser {
  openid: string;
  nickname: string;
  headimgurl: string;
}

/** A canned reply for the next call of one path: an errcode body, an HTTP status, or raw text. */
export interface CannedReply {
  status?: number;
  body: string | Record<string, unknown>;
  /** Never answer (the client's timeout or a closed socket is what it sees). */
  hang?: boolean;
}

export interface FakeWechatServer {
  /** Use as both WECHAT_API_BASE and WECHAT_OPEN_BASE. */
  url: string;
  appId: string;
  appSecret: string;
  /** Every request the fake received: path and query. */
  requests: { path: string; query: Record<string, string> }[];
  /** Who consents on the next visit of the authorize page. */
  nextUser: FakeWechatUser;
  /** A code as the authorize page would hand back after `user` consents. */
  grant(user?: FakeWechatUser): string;
  /** The next call of `path` gets this reply instead of the normal one. */
  failNext(path: '/sns/oauth2/access_token' | '/sns/userinfo' | '/cgi-bin/token' | '/cgi-bin/ticket/getticket', reply: CannedReply): void;
  /** The jsapi_ticket issued last (what a JS-SDK signature must be made with). */
  lastTicket(): string;
  /** Makes every access token issued so far invalid (40001), as a token fetched elsewhere would. */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

const CODE_TTL_MS = 5 * 60 * 1000;

function rid(): string {
  return `${crypto.randomBytes(4).toString('hex')}-${crypto.randomBytes(4).toString('hex')}`;
}

function wxError(errcode: number, errmsg: string) {
  return { errcode, errmsg: `${errmsg} rid: ${rid()}` };
}

/**
 * A tiny local stand-in for WeChat's official-account web OAuth, speaking the same HTTP API:
 * `GET /connect/oauth2/authorize` (consents at once as `nextUser` and redirects back with code and state),
 * `GET /sns/oauth2/access_token` and `GET /sns/userinfo`, with WeChat's errcode replies
 * (40013 bad appid, 40125 bad secret, 40029 bad code, 40163 used code, 40001 bad token, 40003 bad openid).
 */
export async function startFakeWechatServer(appId = 'wx-fake-app', appSecret = 'fake-secret-0123456789'): Promise<FakeWechatServer> {
  const codes = new Map<string, { user: FakeWechatUser; at: number; used: boolean }>();
  const tokens = new Map<string, FakeWechatUser>();
  const canned = new Map<string, CannedReply[]>();
  const requests: FakeWechatServer['requests'] = [];
  /** Official-account access tokens (client_credential) and the jsapi tickets issued with them. */
  const appTokens = new Set<string>();
  let ticket = '';

  const fake = {
    url: '',
    appId,
    appSecret,
    requests,
    nextUser: {
      openid: 'o-fake-default',
      nickname: '微信测试用户',
      headimgurl: 'https://thirdwx.qlogo.cn/mmopen/fake/132',
    } as FakeWechatUser,
    grant(user?: FakeWechatUser): string {
      const code = crypto.randomBytes(16).toString('hex');
      codes.set(code, { user: user ?? fake.nextUser, at: Date.now(), used: false });
      return code;
    },
    failNext(path: string, reply: CannedReply) {
      canned.set(path, [...(canned.get(path) ?? []), reply]);
    },
    lastTicket: () => ticket,
    revokeAccessTokens: () => appTokens.clear(),
    close: async () => {},
  };

  /** GET /cgi-bin/token: the official account's own access token. */
  function appToken(q: Record<string, string>) {
    if (q.grant_type !== 'client_credential') return wxError(40002, 'invalid grant_type');
    if (q.appid !== appId) return wxError(40013, 'invalid appid');
    if (q.secret !== appSecret) return wxError(40125, 'invalid appsecret');
    const token = crypto.randomBytes(24).toString('base64url');
    appTokens.add(token);
    return { access_token: token, expires_in: 7200 };
  }

  /** GET /cgi-bin/ticket/getticket?type=jsapi. */
  function jsapiTicket(q: Record<string, string>) {
    if (!q.access_token || !appTokens.has(q.access_token))
      return wxError(40001, 'invalid credential, access_token is invalid or not latest');
    if (q.type !== 'jsapi') return wxError(40097, 'invalid args');
    ticket = crypto.randomBytes(30).toString('base64url');
    return { errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 };
  }

  function accessToken(q: Record<string, string>) {
    if (q.appid !== appId) return wxError(40013, 'invalid appid');
    if (q.secret !== appSecret) return wxError(40125, 'invalid appsecret');
    if (q.grant_type !== 'authorization_code') return wxError(40002, 'invalid grant_type');
    if (!q.code) return wxError(41008, 'missing code');
    const entry = codes.get(q.code);
    if (!entry || Date.now() - entry.at > CODE_TTL_MS) return wxError(40029, 'invalid code');
    if (entry.used) return wxError(40163, 'code been used');
    entry.used = true;
    const token = crypto.randomBytes(24).toString('base64url');
    tokens.set(token, entry.user);
    return {
      access_token: token,
      expires_in: 7200,
      refresh_token: crypto.randomBytes(24).toString('base64url'),
      openid: entry.user.openid,
      scope: 'snsapi_userinfo',
    };
  }

  function userinfo(q: Record<string, string>) {
    const user = q.access_token ? tokens.get(q.access_token) : undefined;
    if (!user) return wxError(40001, 'invalid credential, access_token is invalid or not latest');
    if (q.openid !== user.openid) return wxError(40003, 'invalid openid');
    return {
      openid: user.openid,
      nickname: user.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: user.headimgurl,
      privilege: [],
    };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const send = (status: number, body: string | Record<string, unknown>) => {
      // WeChat answers JSON as text/plain.
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const next = canned.get(url.pathname)?.shift();
    if (next?.hang) return;
    if (next) return send(next.status ?? 200, next.body);
    if (url.pathname === '/connect/oauth2/authorize') {
      if (query.appid !== appId || !query.redirect_uri || !query.state || query.response_type !== 'code') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<p>参数错误</p>');
      }
      const back = new URL(query.redirect_uri);
      back.searchParams.set('code', fake.grant());
      back.searchParams.set('state', query.state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/sns/oauth2/access_token') return send(200, accessToken(query));
    if (url.pathname === '/sns/userinfo') return send(200, userinfo(query));
    if (url.pathname === '/cgi-bin/token') return send(200, appToken(query));
    if (url.pathname === '/cgi-bin/ticket/getticket') return send(200, jsapiTicket(query));
    return send(404, wxError(-1, 'not found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mobile as mobileField } from '../../contract/fields';
import { createWechatOnlyUser } from '../areas/accounts';
import type { Services } from '../http/context';
import { escapeHtml } from '../http/escape-html';
import { FOREIGN_RETURN_MSG, isOwnReturnUrl } from '../http/return-origin';
import { SANDBOX_AUTHORIZE_PATH } from '../providers/oauth/sandbox-oauth';
import type { DevSmsProvider } from '../providers/sms/dev-sms';

const FAKE_WECHAT_USERS = [
  { openid: 'sandbox-openid-zhang', nickname: '张同学', avatar: '/media/avatar/zhang.svg' },
  { openid: 'sandbox-openid-li', nickname: '李同学', avatar: '/media/avatar/li.svg' },
  { openid: 'sandbox-openid-wang', nickname: '王老师', avatar: '/media/avatar/wang.svg' },
];

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;margin:16px;color:#222}li{margin:8px 0}a.btn,button{display:block;padding:12px;margin:8px 0;background:#07c160;color:#fff;border:0;border-radius:8px;text-align:center;text-decoration:none;font-size:16px;width:100%}</style></head><body>${body}</body></html>`;
}

/** Development-only tools: the SMS inbox and the sandbox WeChat authorize page. Never registered in production. */
export function registerDevRoutes(app: FastifyInstance, s: Services): void {
  // The inbox exists only with SMS_PROVIDER=dev: a real carrier's codes are never readable here.
  const inbox = s.providers.smsInbox;
  if (inbox) registerSmsInbox(app, inbox);
  registerOauthSandbox(app, s);
}

function registerSmsInbox(app: FastifyInstance, inbox: DevSmsProvider): void {
  app.get<{ Querystring: { mobile?: string } }>('/dev/sms-inbox', async (req, reply) => {
    const m = req.query.mobile;
    if (m !== undefined && !mobileField().safeParse(m).success) {
      return reply.code(400).send({ status: 1, code: 4000, msg: '参数 mobile 须为以 1 开头的 11 位手机号', data: null });
    }
    return { status: 0, code: 0, msg: 'ok', data: inbox.messages(m) };
  });

  app.get('/dev/inbox', async (_req, reply) => {
    const rows = inbox
      .messages()
      .map(
        (m) =>
          `<li><b>${escapeHtml(m.mobile)}</b> 验证码 <code>${escapeHtml(m.code)}</code>（${new Date(m.sent_at * 1000).toLocaleString('zh-CN')}）</li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          '开发短信收件箱',
          `<h1>开发短信收件箱</h1><p>开发环境不会真的发送短信，验证码显示在这里。</p><ul>${rows || '<li>暂无短信</li>'}</ul>`,
        ),
      );
  });
}

function registerOauthSandbox(app: FastifyInstance, s: Services): void {
  // Like official-weixin-data: the page sends a login code only back to the app's own sites.
  const ownReturn = (req: FastifyRequest, url: string) => isOwnReturnUrl(s.config, `${req.protocol}://${req.host}`, url);
  const sandbox = s.providers.oauthSandbox;
  // The sandbox authorize page exists only with OAUTH_PROVIDER=sandbox (the real adapter sends visitors to WeChat).
  if (!sandbox) return;

  app.get<{ Querystring: { redirect_uri?: string; state?: string } }>(SANDBOX_AUTHORIZE_PATH, async (req, reply) => {
    const { redirect_uri: redirect = '', state = '' } = req.query;
    if (!/^https?:\/\//.test(redirect) || !state) {
      return reply.code(400).type('text/html; charset=utf-8').send(page('授权失败', '<p>缺少参数 redirect_uri 或 state</p>'));
    }
    if (!ownReturn(req, redirect)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(page('授权失败', `<p>${escapeHtml(FOREIGN_RETURN_MSG)}</p>`));
    }
    const buttons = FAKE_WECHAT_USERS.map(
      (u, i) =>
        `<form method="post"><input type="hidden" name="pick" value="${i}"><button type="submit" data-openid="${u.openid}">以「${escapeHtml(u.nickname)}」授权</button></form>`,
    ).join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          '微信授权（沙箱）',
          `<h1>微信授权（沙箱）</h1><p>离线沙箱：选择一个模拟微信身份。</p>${buttons}<form method="post"><input type="hidden" name="pick" value="new"><button type="submit">以新的微信用户授权</button></form><form method="post"><input type="hidden" name="pick" value="wechat-only"><button type="submit">以仅微信账号授权（未绑定手机号）</button></form>`,
        ),
      );
  });

  app.post<{ Querystring: { redirect_uri?: string; state?: string }; Body: { pick?: string } }>(
    SANDBOX_AUTHORIZE_PATH,
    async (req, reply) => {
      const { redirect_uri: redirect = '', state = '' } = req.query;
      if (!/^https?:\/\//.test(redirect) || !state)
        return reply.code(400).send({ status: 1, code: 4000, msg: '缺少参数 redirect_uri 或 state', data: null });
      if (!ownReturn(req, redirect)) return reply.code(400).send({ status: 1, code: 4000, msg: FOREIGN_RETURN_MSG, data: null });
      const pick = req.body?.pick ?? 'new';
      const fresh = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const chosen =
        pick === 'new'
          ? { openid: `sandbox-openid-${fresh}`, nickname: '微信用户', avatar: '' }
          : pick === 'wechat-only'
            ? { openid: `sandbox-openid-wxonly-${fresh}`, nickname: '仅微信用户', avatar: '' }
            : FAKE_WECHAT_USERS[Number(pick)];
      if (!chosen) return reply.code(400).send({ status: 1, code: 4000, msg: '参数 pick 不正确', data: null });
      // "仅微信账号": an account that has this WeChat identity and no mobile (base info need_bound 1).
      if (pick === 'wechat-only') await createWechatOnlyUser(s, chosen);
      const code = await sandbox.grant(chosen);
      const url = new URL(redirect);
      url.searchParams.set('code', code);
      url.searchParams.set('state', state);
      return reply.redirect(url.toString(), 302);
    },
  );
}

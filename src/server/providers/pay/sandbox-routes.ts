/**
 * Routes of the offline WeChat Pay sandbox (PAY_PROVIDER=sandbox, the default): the API v3 under
 * `/sandbox/wechatpay/v3/…` (raw bodies, signed both ways, see ./sandbox-api.ts) and the cashier a tester pays at:
 * `GET /sandbox/wechatpay/cashier?prepay_id=…[&redirect_url=…]` (what an H5 `h5_url` opens; the JSAPI path's fake
 * WeixinJSBridge posts to it too) and `POST /sandbox/wechatpay/cashier {prepay_id, action: pay|cancel|fail}`.
 */
import type { FastifyInstance } from 'fastify';
import { isSameSitePath } from '../../../protocol/same-site-path';
import { escapeHtml } from '../../http/escape-html';
import type { WechatPaySandbox } from './sandbox-api';

export const SANDBOX_BASE = '/sandbox/wechatpay';

const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');
/** Only same-site paths are followed back (never another site). */
const safeReturn = (v: unknown) => (isSameSitePath(v) ? v : '');

function cashierHtml(t: { description: string; total: number; prepay_id: string; trade_state: string }, back: string): string {
  const done = t.trade_state !== 'NOTPAY';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>微信支付（沙箱）</title><style>
body{margin:0;font-family:-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#ededed;color:#111}
.top{background:#fff;padding:28px 20px 24px;text-align:center}.sb{display:inline-block;font-size:12px;color:#fa5151;border:1px solid #fa5151;border-radius:4px;padding:1px 6px;margin-bottom:14px}
.desc{font-size:15px;color:#555}.amt{font-size:40px;font-weight:600;margin-top:10px}.amt small{font-size:24px;margin-right:2px}
.rows{background:#fff;margin-top:10px;padding:4px 20px}.row{display:flex;justify-content:space-between;padding:12px 0;font-size:14px;color:#777}
form{padding:24px 20px;display:grid;gap:12px}button{font-size:17px;border:0;border-radius:8px;padding:14px}
.pay{background:#07c160;color:#fff}.cancel{background:#fff;color:#111}.fail{background:#fff;color:#fa5151}
.state{text-align:center;padding:24px;font-size:16px}</style></head><body>
<div class="top"><span class="sb">沙箱环境 · 不会真实扣款</span><div class="desc">${escapeHtml(t.description)}</div><div class="amt"><small>¥</small>${yuan(t.total)}</div></div>
<div class="rows"><div class="row"><span>收款方</span><span>备考 beikao</span></div><div class="row"><span>支付方式</span><span>零钱（模拟）</span></div></div>
${
  done
    ? `<div class="state">订单状态：${escapeHtml(t.trade_state)}</div>${back ? `<form method="get" action="${escapeHtml(back)}"><button class="cancel" type="submit">返回商户</button></form>` : ''}`
    : `<form method="post" action="${SANDBOX_BASE}/cashier"><input type="hidden" name="prepay_id" value="${escapeHtml(t.prepay_id)}"><input type="hidden" name="redirect_url" value="${escapeHtml(back)}">
<button class="pay" name="action" value="pay" type="submit">确认支付</button>
<button class="cancel" name="action" value="cancel" type="submit">取消支付</button>
<button class="fail" name="action" value="fail" type="submit">模拟支付失败</button></form>`
}
</body></html>`;
}

export function registerWechatPaySandboxRoutes(app: FastifyInstance, sandboxOf: () => Promise<WechatPaySandbox>): void {
  app.register(async (scoped) => {
    // The API signs raw bytes: read bodies as text here, never re-serialised JSON.
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scoped.route({
      method: ['GET', 'POST'],
      url: `${SANDBOX_BASE}/v3/*`,
      handler: async (req, reply) => {
        const urlPath = req.url.slice(SANDBOX_BASE.length);
        const raw = typeof req.body === 'string' ? req.body : '';
        const r = await (await sandboxOf()).handle(req.method, urlPath, raw, req.headers.authorization);
        return reply
          .code(r.status)
          .headers(r.headers)
          .send(r.body === '' ? undefined : r.body);
      },
    });
  });
  app.get<{ Querystring: { prepay_id?: string; redirect_url?: string } }>(`${SANDBOX_BASE}/cashier`, async (req, reply) => {
    const t = req.query.prepay_id ? await (await sandboxOf()).txByPrepay(req.query.prepay_id) : undefined;
    if (!t) return reply.code(404).type('text/plain; charset=utf-8').send('支付单不存在或已过期');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(cashierHtml(t, safeReturn(req.query.redirect_url)));
  });
  app.post<{ Body: { prepay_id?: string; action?: string; redirect_url?: string } }>(`${SANDBOX_BASE}/cashier`, async (req, reply) => {
    const action = req.body?.action;
    if (action !== 'pay' && action !== 'cancel' && action !== 'fail')
      return reply.code(400).send({ code: 'PARAM_ERROR', message: 'action 须为 pay、cancel、fail 之一' });
    const t = await (await sandboxOf()).act(String(req.body?.prepay_id ?? ''), action);
    if (!t) return reply.code(404).send({ code: 'ORDER_NOT_EXIST', message: '支付单不存在' });
    const back = safeReturn(req.body?.redirect_url);
    if (back) return reply.code(303).header('location', back).send();
    return reply.send({ trade_state: t.trade_state, result: action });
  });
}

import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AnyEndpoint, HOST_PREFIX } from '../../contract/endpoint';
import { CODE, type Envelope } from '../../contract/envelope';
import { encryptJson } from '../../protocol/cipher';
import { computeSign, type Params, safeEqualHex } from '../../protocol/sign';
import type { AuthUser, RequestContext, Services } from './context';
import type { RouteHandler } from './define';
import { ApiError, sessionInvalid, unauthorized } from './errors';
import { parseInput } from './validation';

export function urlOf(e: AnyEndpoint): string {
  return HOST_PREFIX[e.host] + e.path;
}

function paramsOf(e: AnyEndpoint, req: FastifyRequest): Params {
  const source = e.method === 'POST' ? req.body : req.query;
  if (source === undefined || source === null) return {};
  if (typeof source !== 'object' || Array.isArray(source)) throw new ApiError(400, CODE.badInput, '请求体须为 JSON 对象');
  const { sign: _ignored, ...rest } = source as Params;
  return rest;
}

function verifySign(e: AnyEndpoint, req: FastifyRequest, params: Params, key: string): void {
  const expected = computeSign(key, e.path, params);
  if (expected === undefined) return;
  const given = (req.query as Params | undefined)?.sign;
  if (typeof given !== 'string' || given === '') throw new ApiError(400, CODE.badSign, '缺少签名参数 sign');
  if (!safeEqualHex(given.toLowerCase(), expected)) {
    throw new ApiError(400, CODE.badSign, '签名校验失败：sign 与请求参数不符');
  }
}

async function authenticate(req: FastifyRequest, services: Services, mode: AnyEndpoint['auth']): Promise<AuthUser | null> {
  if (mode === 'none') return null;
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) {
    if (mode === 'required') throw unauthorized();
    return null;
  }
  const claims = await services.jwt.verify(token, services.clock());
  if (!claims) {
    if (mode === 'required') throw unauthorized('登录已过期或令牌无效，请重新登录');
    return null;
  }
  const row = await services.db.kysely
    .selectFrom('users')
    .select(['id', 'mobile', 'nickname', 'token_version'])
    .where('id', '=', claims.userId)
    .executeTakeFirst();
  if (!row || row.token_version !== claims.version) {
    if (mode === 'required') throw sessionInvalid();
    return null;
  }
  return { id: row.id, mobile: row.mobile, nickname: row.nickname, tokenVersion: row.token_version };
}

/** Registers one Fastify route per contract endpoint; throws when an endpoint has no handler or two. */
export function registerEndpoints(
  app: FastifyInstance,
  endpoints: readonly AnyEndpoint[],
  handlers: readonly RouteHandler[],
  services: Services,
): void {
  const byId = new Map<string, RouteHandler>();
  for (const h of handlers) {
    if (byId.has(h.endpoint.id)) throw new Error(`two handlers for endpoint ${h.endpoint.id}`);
    byId.set(h.endpoint.id, h);
  }
  const missing = endpoints.filter((e) => !byId.has(e.id)).map((e) => e.id);
  if (missing.length) throw new Error(`endpoints without a server handler: ${missing.join(', ')}`);

  for (const e of endpoints) {
    const handler = byId.get(e.id) as RouteHandler;
    app.route({
      method: e.method,
      url: urlOf(e),
      handler: async (req, reply) => {
        const params = paramsOf(e, req);
        verifySign(e, req, params, services.config.signKey);
        const input = parseInput(e.input, params);
        const user = await authenticate(req, services, e.auth);
        const ctx: RequestContext = { ...services, user, ip: req.ip, log: req.log };
        // The reply is what the contract parses out of the handler's value: undeclared keys never leave.
        const check = e.output.safeParse(await handler.run(input, ctx));
        if (!check.success) throw new Error(`${e.id} returned data that breaks its contract: ${check.error.message}`);
        let data: unknown = check.data;
        if (e.encrypt) data = { encrypt: encryptJson(services.config.encryptKey, data, crypto.randomBytes(12)) };
        const body: Envelope = { status: 0, msg: 'ok', code: CODE.ok, data };
        if (e.method !== 'GET') return reply.send(body);
        // GET replies carry an ETag, so the browser revalidates page configs and lists cheaply (304, no body).
        const json = JSON.stringify(body);
        const etag = `W/"${crypto.createHash('sha1').update(json).digest('base64url')}"`;
        reply.header('etag', etag).header('cache-control', e.auth === 'none' ? 'no-cache' : 'private, no-cache');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(json);
      },
    });
  }
}

import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AnyEndpoint, HOST_PREFIX } from '../../contract/endpoint';
import { CODE, type Envelope } from '../../contract/envelope';
import { encryptJson } from '../../protocol/cipher';
import { computeSign, type Params, safeEqualHex } from '../../protocol/sign';
import { type CachePolicy, cachePolicyOf } from '../cache/cached-endpoints';
import { type CachedReply, COMPRESS_MIN_BYTES, encodedBody, etagOf, pickEncoding, ReadCache } from '../cache/read-cache';
import { VerifiedTokens } from '../cache/verified-tokens';
import { isLoopbackOrigin } from '../config-origins';
import type { AuthUser, RequestContext, Services } from './context';
import type { RouteHandler } from './define';
import { ApiError, sessionInvalid, unauthorized } from './errors';
import { sendJson } from './json-reply';
import { API_REPLY } from './security-headers';
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

async function authenticate(
  req: FastifyRequest,
  services: Services,
  mode: AnyEndpoint['auth'],
  tokens: VerifiedTokens,
): Promise<AuthUser | null> {
  if (mode === 'none') return null;
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) {
    if (mode === 'required') throw unauthorized();
    return null;
  }
  const now = services.clock();
  const claims = await tokens.verify(token, now, (t) => services.jwt.verify(t, now));
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

/** Bound of the URL → input memo of each cached endpoint (cleared when full). */
const MAX_KNOWN_URLS = 2000;

/**
 * Every contract endpoint's Fastify route, registered by the area that handles it (each area calls `register` in its
 * own plugin scope). One read cache and one verified-token memo serve all areas. `unhandled` names the endpoints no
 * area took: the server refuses to start while there is one.
 */
export class EndpointRegistry {
  private readonly cache = new ReadCache();
  private readonly tokens = new VerifiedTokens();
  private readonly handledBy = new Map<string, string>();
  constructor(private readonly services: Services) {}

  /** Registers one route per handler of `area`; a second handler for one endpoint (in any area) is refused. */
  register(app: FastifyInstance, area: string, handlers: readonly RouteHandler[]): void {
    for (const h of handlers) {
      const first = this.handledBy.get(h.endpoint.id);
      if (first !== undefined) throw new Error(`two handlers for endpoint ${h.endpoint.id} (areas ${first} and ${area})`);
      this.handledBy.set(h.endpoint.id, area);
    }
    for (const h of handlers) registerOne(app, h, this.services, this.cache, this.tokens);
  }

  /** The ids of the endpoints no area has registered. */
  unhandled(endpoints: readonly AnyEndpoint[]): string[] {
    return endpoints.filter((e) => !this.handledBy.has(e.id)).map((e) => e.id);
  }
}

function registerOne(app: FastifyInstance, handler: RouteHandler, services: Services, cache: ReadCache, tokens: VerifiedTokens): void {
  const e = handler.endpoint;
  const policy = cachePolicyOf(e);
  const cacheControl = e.auth === 'none' ? 'no-cache' : 'private, no-cache';

  /** Runs the handler and makes the reply the contract allows: envelope JSON (and ETag for a GET). */
  const produce = async (req: FastifyRequest, input: unknown): Promise<{ body: Envelope }> => {
    const user = await authenticate(req, services, e.auth, tokens);
    const ctx: RequestContext = {
      ...services,
      user,
      ip: req.ip,
      origin: siteOrigin(services.config, `${req.protocol}://${req.host}`),
      headers: req.headers,
      log: req.log,
    };
    // The reply is what the contract parses out of the handler's value: undeclared keys never leave.
    const check = e.output.safeParse(await handler.run(input, ctx));
    if (!check.success) throw new Error(`${e.id} returned data that breaks its contract: ${check.error.message}`);
    let data: unknown = check.data;
    if (e.encrypt) data = { encrypt: encryptJson(services.config.encryptKey, data, crypto.randomBytes(12)) };
    return { body: { status: 0, msg: 'ok', code: CODE.ok, data } };
  };

  // Cached GET endpoints: request URL → the input it parsed to. A URL seen before has a valid sign and input (both
  // are functions of the URL and the fixed sign key), so a repeat skips the HMAC and the schema parse.
  const inputs = new Map<string, Known>();
  app.route({
    method: e.method,
    url: urlOf(e),
    // Replies are compressed here (json-reply.ts, read-cache.ts), and no client sends a compressed body: the
    // compress plugin's hooks would only cost every request its time.
    compress: false,
    decompress: false,
    // JSON, never a document: the API's security headers (security-headers.ts), not the HTML's.
    config: API_REPLY,
    handler: async (req, reply) => {
      const anonymous = e.auth === 'none' || req.headers.authorization === undefined;
      if (policy && anonymous && e.method === 'GET') {
        const known = inputs.get(req.url);
        if (known !== undefined)
          return sendCached(req, reply, cacheControl, await cachedReply(cache, services, policy, known, produce, req));
      }
      const params = paramsOf(e, req);
      verifySign(e, req, params, services.config.signKey);
      const input = parseInput(e.input, params);
      if (policy && anonymous && (!policy.when || policy.when(input as Record<string, unknown>))) {
        const known: Known = { input, key: `${e.id} ${JSON.stringify(input)}` };
        if (e.method === 'GET') {
          if (inputs.size >= MAX_KNOWN_URLS) inputs.clear();
          inputs.set(req.url, known);
        }
        return sendCached(req, reply, cacheControl, await cachedReply(cache, services, policy, known, produce, req));
      }
      const { body } = await produce(req, input);
      const json = JSON.stringify(body);
      if (e.method !== 'GET') return sendJson(req, reply, json);
      // GET replies carry an ETag, so the browser revalidates page configs and lists cheaply (304, no body).
      const etag = etagOf(json);
      reply.header('etag', etag).header('cache-control', cacheControl);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return sendJson(req, reply, json);
    },
  });
}

/** A cached endpoint's parsed input and its read-cache key (made once per URL, not per hit). */
interface Known {
  input: unknown;
  key: string;
}

/**
 * The reply of a cached endpoint: from memory while the tables it was read from (and the page configs, when it
 * depends on them) are unchanged, else made afresh and kept. The stamps are taken before the handler reads, so a
 * write committed meanwhile can only make the entry look older than it is (a miss later), never newer.
 */
async function cachedReply(
  cache: ReadCache,
  services: Services,
  policy: CachePolicy,
  { input, key }: Known,
  produce: (req: FastifyRequest, input: unknown) => Promise<{ body: Envelope }>,
  req: FastifyRequest,
): Promise<{ entry: CachedReply; hit: boolean }> {
  const stamps = policy.tables.length ? await services.db.versions.stamps(policy.tables) : [];
  const pages = policy.pages ? services.pages.manifest().version : '';
  const old = stamps ? cache.get(key) : undefined;
  if (old && stamps && old.pages === pages && sameStamps(old.stamps, stamps)) {
    cache.hits += 1;
    return { entry: old, hit: true };
  }
  cache.misses += 1;
  const { body } = await produce(req, input);
  const json = JSON.stringify(body);
  const bytes = Buffer.from(json);
  const fresh: CachedReply = { stamps: stamps ?? [], pages, body: bytes, etag: etagOf(bytes) };
  if (stamps) cache.set(key, fresh);
  return { entry: fresh, hit: false };
}

function sameStamps(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  { entry: r, hit }: { entry: CachedReply; hit: boolean },
): FastifyReply {
  // Tells operators (and tests) whether the reply came from memory.
  reply.header('x-read-cache', hit ? 'hit' : 'miss');
  if (req.method === 'GET') {
    reply.header('etag', r.etag).header('cache-control', cacheControl);
    if (req.headers['if-none-match'] === r.etag) return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (r.body.length < COMPRESS_MIN_BYTES) return reply.send(r.body);
  // Compressed once per cached reply, not per request (the compress plugin leaves an encoded reply alone).
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(req.headers['accept-encoding'] as string | undefined);
  if (!encoding) return reply.send(r.body);
  return reply.header('content-encoding', encoding).send(encodedBody(r, encoding));
}

/**
 * The origin links and return URLs are built on (WeChat Pay's H5 redirect_url, the notify URL): the one the request
 * came to when it is a configured public origin (or none is configured, or it is loopback outside production), else
 * the first configured one, so a forged Host header never becomes a return address.
 */
export function siteOrigin(
  config: { publicOrigins: readonly string[]; production: boolean; sandboxesAllowed: boolean },
  requested: string,
): string {
  const { publicOrigins } = config;
  if (publicOrigins.length === 0 || publicOrigins.includes(requested)) return requested;
  // A developer's machine, or a staging server tried on this machine.
  if ((!config.production || config.sandboxesAllowed) && isLoopbackOrigin(requested)) return requested;
  return publicOrigins[0] as string;
}

import type { FastifyInstance } from 'fastify';
import { allEndpoints } from '../../contract';
import { HOST_PREFIX } from '../../contract/endpoint';
import type { RouteEntry } from '../../contract/pages';
import { patternOf } from '../../protocol/route-pattern';
import { computeSign } from '../../protocol/sign';
import { compileTemplate, resolveDeep, type Scope } from '../../runtime/expr';
import type { DataSource, PageConfig } from '../../runtime/page-config.gen';

/**
 * The first screen's data in the HTML (issue 25): for the page a landing path shows, the replies of its data sources
 * that the server can answer as the client would ask them — GET endpoints that need no login, whose params read only
 * the route, the query and the chosen subject (from the `bk_exam` cookie the client keeps next to its storage) — are
 * asked in-process (through the same routes, sign, read cache and contract as any request) and inlined as inert JSON
 * (`#page-data`). The client's data sources take a reply from there instead of calling, once, for that path only
 * (src/runtime/first-screen.ts), so the first screen renders without waiting for the request layer or the network.
 * A source that reads other sources, the page state or the login is left to the client.
 */
export interface FirstScreenData {
  /** The path and query the replies are for: the client uses them only while it shows that URL. */
  path: string;
  /** `<endpoint id>:<JSON of the params as the client sends them>` → the reply's envelope. */
  replies: Record<string, unknown>;
}

/** What the server asked, for the HTML it builds: the inlined data and each answered source's `data` by name. */
export interface FirstScreen {
  inline: FirstScreenData;
  /** Source name → the reply's data (status 0 only), as the page's `data.<name>` will read. */
  data: Record<string, unknown>;
  /** The scope the sources were resolved in (route, query, exam, auth, state). */
  scope: Scope;
}

/** The subject a `bk_exam` cookie names (`<genus_id>.<category_id>`), or null. */
export function examFromCookie(header: string | undefined): { genus_id: number; category_id: number } | null {
  const m = /(?:^|;\s*)bk_exam=(\d{1,9})\.(\d{1,9})(?:;|$)/.exec(header ?? '');
  return m ? { genus_id: Number(m[1]), category_id: Number(m[2]) } : null;
}

/** The route's parameters in `pathname`, named as the client's router names them. */
export function routeParams(route: RouteEntry, pathname: string): Record<string, string> {
  const segments = pathname.split('/').filter(Boolean);
  for (const p of [route.path, ...(route.aliases ?? [])]) {
    if (!patternOf(p).re.test(pathname)) continue;
    const out: Record<string, string> = {};
    p.split('/')
      .filter(Boolean)
      .forEach((seg, i) => {
        const value = segments[i];
        if (seg.startsWith(':') && value !== undefined) out[seg.slice(1).replace(/\?$/, '')] = decodeURIComponent(value);
      });
    return out;
  }
  return {};
}

/** Whether every `${…}` in `value` reads only what the server knows (route, query, exam). */
function serverKnows(value: unknown): boolean {
  if (typeof value === 'string') {
    if (!value.includes('${')) return true;
    const t = compileTemplate(value);
    return t.ok && t.paths.every((p) => /^(route|query|exam)(\.|$)/.test(p));
  }
  if (Array.isArray(value)) return value.every(serverKnows);
  if (value && typeof value === 'object') return Object.values(value).every(serverKnows);
  return true;
}

/** The request the client's data source would send, or null when the server should leave it to the client. */
const BY_ID = new Map(allEndpoints.map((e) => [e.id, e]));

export function plannedRequest(source: DataSource, scope: Scope): { id: string; params: Record<string, unknown> } | null {
  const e = BY_ID.get(source.endpoint);
  // Reads only: a GET with an effect (a view counter) is the caller's own to ask.
  if (!e || e.method !== 'GET' || e.auth === 'required' || e.encrypt || e.effect) return null;
  if (!serverKnows(source.params ?? {}) || source.when) return null;
  const params = (resolveDeep(source.params ?? {}, scope) ?? {}) as Record<string, unknown>;
  if (Object.values(params).some((v) => v === undefined || v === null || v === '')) return null;
  if (source.paged) {
    // As the client's paged fetcher asks for the first page.
    return {
      id: e.id,
      params: { ...params, [source.paged.offsetParam ?? 'offset']: 0, [source.paged.countParam ?? 'count']: source.paged.pageSize },
    };
  }
  return { id: e.id, params };
}

/** The key the client looks a reply up by (same params object, same key order). */
export function replyKey(id: string, params: Record<string, unknown>): string {
  return `${id}:${JSON.stringify(params)}`;
}

function queryOf(params: Record<string, unknown>, sign: string | undefined): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  if (sign) q.set('sign', sign);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Asks the page's server-known sources in-process; null when there is nothing to inline. */
export async function firstScreenData(
  app: FastifyInstance,
  signKey: string,
  config: PageConfig,
  route: RouteEntry,
  url: { pathname: string; search: string },
  cookie: string | undefined,
): Promise<FirstScreen | null> {
  const exam = examFromCookie(cookie);
  if ((route.meta as { needCategory?: boolean }).needCategory && !exam) return null;
  const scope: Scope = {
    route: routeParams(route, url.pathname),
    query: Object.fromEntries(new URLSearchParams(url.search)),
    exam: { genus_id: exam?.genus_id ?? null, category_id: exam?.category_id ?? null, category_name: '' },
    auth: { hasLogin: false, isFirst: false },
    state: { ...(config.state ?? {}) },
  };
  const requests = Object.entries(config.data ?? {}).flatMap(([name, s]) => {
    const r = s ? plannedRequest(s, scope) : null;
    return r ? [{ name, ...r }] : [];
  });
  if (!requests.length) return null;
  const answered = await Promise.all(
    requests.map(async ({ name, id, params }) => {
      const e = BY_ID.get(id);
      if (!e) return null;
      const res = await app.inject({
        method: 'GET',
        url: `${HOST_PREFIX[e.host]}${e.path}${queryOf(params, computeSign(signKey, e.path, params))}`,
        headers: { devicetype: 'web', accept: 'application/json' },
      });
      if (res.statusCode >= 500) return null;
      try {
        return { name, key: replyKey(id, params), reply: JSON.parse(res.body) as { status?: number; data?: unknown } };
      } catch {
        return null;
      }
    }),
  );
  // Answers only: a refusal (a missing item) is left to the client, whose words for it leave the server's out.
  const ok = answered.filter((a): a is NonNullable<typeof a> => a !== null && a.reply.status === 0);
  if (!ok.length) return null;
  return {
    inline: { path: url.pathname + url.search, replies: Object.fromEntries(ok.map((a) => [a.key, a.reply])) },
    data: Object.fromEntries(ok.map((a) => [a.name, a.reply.data])),
    scope,
  };
}

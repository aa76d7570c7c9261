import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { subscribe } from 'valtio';
import { call } from '../api';
import { userMessage } from '../api/user-message';
import { i18n } from '../i18n';
import { currentToken } from '../state/auth';
import { getList, loadPage, type PagedList, type PageFetcher } from '../state/paged-list';
import type { SourceState } from './block-api';
import { endpointById } from './endpoints';
import { compileTemplate, evaluate, resolveDeep, type Scope } from './expr';
import { takeInlined } from './first-screen';
import type { DataSource } from './page-config.gen';

interface Planned {
  name: string;
  source: DataSource;
  ready: boolean;
  /** Not loading because its `when` is false, or a source it reads failed (the page may show without it). */
  gated: boolean;
  params: Record<string, unknown>;
  /** Changes whenever the request would change. */
  key: string;
}

const EMPTY: SourceState = { data: undefined, loading: false, loaded: false, paged: false, error: '', errorCode: 0 };

/**
 * The reply the server inlined for this request on the landing page (src/runtime/first-screen.ts), when the caller
 * would get the same one: endpoints without login, or with an optional login while nobody is logged in.
 */
function inlinedReply(endpointId: string, auth: string | undefined, params: Record<string, unknown>) {
  if (auth === 'required' || (auth === 'optional' && currentToken())) return undefined;
  return takeInlined(endpointId, params);
}

type Update = (s: Record<string, SourceState>) => Record<string, SourceState>;

/** Runs a batch of state updates once the page may paint again: replies arriving within one frame make one render. */
function scheduleFlush(flush: () => void): void {
  const doc = globalThis.document;
  if (typeof globalThis.requestAnimationFrame === 'function' && doc && doc.visibilityState !== 'hidden') {
    globalThis.requestAnimationFrame(flush);
  } else setTimeout(flush, 0);
}

/** Names of the other sources a source reads through `data.<name>`. */
export function dependenciesOf(source: DataSource): string[] {
  const deps = new Set<string>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string' && v.includes('${')) {
      const t = compileTemplate(v);
      if (t.ok) for (const p of t.paths) if (p.startsWith('data.')) deps.add(p.split('.')[1] ?? '');
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(source.params);
  if (source.when) visit(`\${${source.when}}`);
  deps.delete('');
  return [...deps];
}

/** A source whose last answer was a failure and which holds no data. */
function failed(s: SourceState | undefined): boolean {
  return Boolean(s && !s.loading && s.data === undefined && s.error);
}

function plan(
  pageName: string,
  sources: Record<string, DataSource | undefined>,
  scope: Scope,
  held: Record<string, SourceState>,
  admitted: boolean,
): Planned[] {
  return Object.entries(sources).flatMap(([name, source]) => {
    if (!source) return [];
    const deps = dependenciesOf(source);
    const depsReady = deps.every((d) => held[d]?.data !== undefined);
    // A source it reads answered with a failure (a missing item): it will not load, nothing waits for it.
    const depFailed = deps.some((d) => failed(held[d]));
    const when = source.when ? Boolean(evaluate(source.when, scope)) : true;
    const params = (resolveDeep(source.params ?? {}, scope) ?? {}) as Record<string, unknown>;
    const key = `${pageName}:${name}:${source.endpoint}:${JSON.stringify(params)}`;
    const gated = admitted && ((depsReady && !when) || (!depsReady && depFailed));
    return [{ name, source, ready: admitted && depsReady && when, gated, params, key }];
  });
}

export interface PageData {
  sources: Record<string, SourceState>;
  /** Sources that do not load now because their `when` is false: nothing to wait for. */
  gated: readonly string[];
  loadMore(name: string): void;
  refresh(name: string): void;
}

/**
 * Runs a page's data sources: fetch on enter, refetch when a bound value changes, wait for the
 * sources a source depends on, and paged sources through the paged-list store (its rules decide).
 * Nothing loads while `admitted` is false (the page's guards would send the visitor elsewhere).
 */
export function usePageData(
  pageName: string,
  sources: Record<string, DataSource | undefined> | undefined,
  scope: Scope,
  admitted = true,
): PageData {
  const [state, setState] = useState<Record<string, SourceState>>({});
  // Replies are applied in batches (one render for every source that answered within a frame, not one per source).
  const pending = useRef<Update[]>([]);
  const apply = useCallback((update: Update) => {
    pending.current.push(update);
    if (pending.current.length > 1) return;
    scheduleFlush(() => {
      const updates = pending.current.splice(0);
      // A transition: the page renders its new data in slices that yield to input (no long task).
      startTransition(() => setState((s) => updates.reduce((acc, u) => u(acc), s)));
    });
  }, []);
  const started = useRef(new Map<string, string>());
  const unsubs = useRef(new Map<string, () => void>());
  const planned = useMemo(
    () => plan(pageName, sources ?? {}, { ...scope, data: dataOf(state) }, state, admitted),
    [pageName, sources, scope, state, admitted],
  );
  const byName = useRef(new Map<string, Planned>());
  byName.current = new Map(planned.map((p) => [p.name, p]));

  const fetcherFor = useCallback((p: Planned): PageFetcher<unknown> => {
    const endpoint = endpointById(p.source.endpoint);
    const offsetParam = p.source.paged?.offsetParam ?? 'offset';
    const countParam = p.source.paged?.countParam ?? 'count';
    return async (offset, count) => {
      if (!endpoint) return { status: -1, msg: `${i18n.runtime.unknownEndpoint} ${p.source.endpoint}`, data: null };
      const input = { ...p.params, [offsetParam]: offset, [countParam]: count };
      const res = inlinedReply(endpoint.id, endpoint.auth, input) ?? (await call(endpoint, input));
      if (res.status !== 0) console.warn(`[data] ${p.source.endpoint} ${JSON.stringify(p.params)}: ${res.code} ${res.msg}`);
      return { status: res.status, code: res.code, msg: userMessage(res), data: Array.isArray(res.data) ? res.data : null };
    };
  }, []);

  const start = useCallback(
    (p: Planned, force: boolean) => {
      const endpoint = endpointById(p.source.endpoint);
      started.current.set(p.name, p.key);
      if (p.source.paged) {
        const list = getList<unknown>(p.key);
        unsubs.current.get(p.name)?.();
        const mirror = (l: PagedList<unknown>) =>
          apply((s) => ({
            ...s,
            [p.name]: { data: [...l.items], loading: l.loading, loaded: l.loaded, paged: true, error: l.error, errorCode: l.errorCode },
          }));
        unsubs.current.set(
          p.name,
          subscribe(list, () => mirror(list)),
        );
        mirror(list);
        void loadPage(p.key, fetcherFor(p), { offset: 0, pageSize: p.source.paged.pageSize, forceUpdate: force });
        return;
      }
      const key = p.key;
      const settle = (res: { status: number; code: number; msg: string; data: unknown }): Update => {
        // The precise server message stays for developers (console); the page gets words without internal ids.
        if (res.status !== 0) console.warn(`[data] ${p.source.endpoint} ${JSON.stringify(p.params)}: ${res.code} ${res.msg}`);
        return (s) => ({
          ...s,
          [p.name]:
            res.status === 0
              ? { data: res.data, loading: false, loaded: true, paged: false, error: '', errorCode: 0 }
              : { ...(s[p.name] ?? EMPTY), loading: false, error: userMessage(res), errorCode: res.code },
        });
      };
      // The server put this reply into the landing page's HTML: the page renders with it at once, without a call.
      const inline = endpoint && !force ? inlinedReply(endpoint.id, endpoint.auth, p.params) : undefined;
      if (inline) {
        startTransition(() => setState(settle(inline)));
        return;
      }
      setState((s) => ({ ...s, [p.name]: { ...(s[p.name] ?? EMPTY), loading: true, error: '', errorCode: 0 } }));
      (endpoint
        ? call(endpoint, p.params)
        : Promise.resolve({ status: -1, code: -1, msg: `${i18n.runtime.unknownEndpoint} ${p.source.endpoint}`, data: null })
      ).then((res) => {
        if (started.current.get(p.name) !== key) return; // superseded by a newer request
        apply(settle(res));
      });
    },
    [fetcherFor, apply],
  );

  const signature = planned.map((p) => (p.ready ? p.key : `${p.name}:waiting`)).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for the planned requests.
  useEffect(() => {
    for (const p of byName.current.values()) {
      if (p.ready && started.current.get(p.name) !== p.key) start(p, false);
    }
  }, [signature, start]);

  useEffect(
    () => () => {
      for (const u of unsubs.current.values()) u();
    },
    [],
  );

  const loadMore = useCallback(
    (name: string) => {
      const p = byName.current.get(name);
      if (!p?.source.paged || !p.ready) return;
      void loadPage(p.key, fetcherFor(p), { pageSize: p.source.paged.pageSize });
    },
    [fetcherFor],
  );

  const refresh = useCallback(
    (name: string) => {
      const p = byName.current.get(name);
      if (p?.ready) start(p, true);
    },
    [start],
  );

  const gated = useMemo(() => planned.filter((p) => p.gated).map((p) => p.name), [planned]);
  return { sources: state, gated, loadMore, refresh };
}

export function dataOf(sources: Record<string, SourceState>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(sources).map(([k, v]) => [k, v.data]));
}

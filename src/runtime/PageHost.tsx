import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isMissing } from '../api/user-message';
import { i18n } from '../i18n';
import { authState } from '../state/auth';
import { examContext } from '../state/exam-context';
import { tabBarState } from '../state/tab-bar';
import { uiState } from '../state/ui';
import { runActions } from './actions';
import { BlockList, type TreeContext, useStepCount } from './BlockTree';
import type { ImageRenderer, PageApi, SourceState } from './block-api';
import { dataOf, usePageData } from './data-sources';
import { type Env, useEnv } from './env';
import { renderTemplate, type Scope } from './expr';
import { BIND_MOBILE_ROUTE, guardRedirect } from './guards';
import { loadPageConfig, type RouteEntry } from './manifest';
import { NotFoundScreen } from './NotFound';
import type { DataSource, PageConfig } from './page-config.gen';
import { FIRST_SCREEN_BLOCKS, PageLoading, useFirstLoadHold } from './skeleton';

/** The page's config, fetched only once the guards let the visitor in (`name` null until then). */
function useConfig(name: string | null): PageConfig | string | null {
  const [config, setConfig] = useState<{ name: string; config: PageConfig | string } | null>(null);
  useEffect(() => {
    if (!name) return;
    let live = true;
    // A transition: the page renders in slices that yield to input.
    loadPageConfig(name).then((c) => live && startTransition(() => setConfig({ name, config: c })));
    return () => {
      live = false;
    };
  }, [name]);
  return name && config?.name === name ? config.config : null;
}

/**
 * The page's main item that the server says is missing: the first source with `notFound` whose last answer was
 * not found (4004) or a bad value in the link (4000), with its texts rendered; null while none is.
 */
export function missingItem(
  sources: Record<string, DataSource | undefined> | undefined,
  states: Record<string, SourceState>,
  scope: Scope,
): { title: string; text?: string; linkText?: string; linkTo?: string } | null {
  for (const [name, source] of Object.entries(sources ?? {})) {
    const s = states[name];
    if (!source?.notFound || !s || s.loading || !s.error || !isMissing(s.errorCode)) continue;
    const { title, text, linkText, linkTo } = source.notFound;
    const t = (v: string | undefined) => (v === undefined ? undefined : titleOf(v, scope));
    return { title: titleOf(title, scope), text: t(text), linkText: t(linkText), linkTo: t(linkTo) };
  }
  return null;
}

function titleOf(template: string, scope: Scope): string {
  try {
    const t = renderTemplate(template, scope);
    return t === undefined || t === null ? '' : String(t);
  } catch {
    return template;
  }
}

/**
 * needBinding routes: asks base info once per visit (location.key); 'bind' when it says need_bound 1.
 * The answer is kept with the route it was asked for (the host may be reused by the next route),
 * and the page waits while it is asked. A failed call shows the page (the server still refuses).
 */
function useBindingCheck(env: Env, key: string | null): 'checking' | 'bind' | 'ok' {
  const [result, setResult] = useState<{ key: string; bind: boolean } | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    env.call('user.base_info', {}).then((res) => live && setResult({ key, bind: res.status === 0 && res.data?.need_bound === 1 }));
    return () => {
      live = false;
    };
  }, [env, key]);
  if (!key) return 'ok';
  if (result?.key !== key) return 'checking';
  return result.bind ? 'bind' : 'ok';
}

function Page({ entry, config }: { entry: RouteEntry; config: PageConfig }) {
  const params = useParams();
  const location = useLocation();
  const env = useEnv();
  const exam = useSnapshot(examContext);
  const auth = useSnapshot(authState);
  const [state, setPageState] = useState<Record<string, unknown>>(() => ({ ...(config.state ?? {}) }));
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const base = useMemo<Scope>(
    () => ({ route: { ...params }, query, exam: { ...exam }, auth: { hasLogin: auth.hasLogin, isFirst: auth.isFirst }, state }),
    [params, query, exam, auth.hasLogin, auth.isFirst, state],
  );
  // Guards run before sources: the host renders a page only once they pass, and the page re-checks them on
  // every render (a subject cleared or a session ended meanwhile), so no source loads for a visitor about to leave.
  const admitted = guardRedirect(entry.meta, location.pathname + location.search) === null;
  const data = usePageData(config.name, config.data, base, admitted);
  const scope = useMemo<Scope>(() => ({ ...base, data: dataOf(data.sources), sources: data.sources }), [base, data.sources]);
  // A page whose main item is missing is replaced by the one not-found screen as soon as the answer arrives.
  const missing = useMemo(() => missingItem(config.data, data.sources, scope), [config.data, data.sources, scope]);
  const title = missing ? missing.title : titleOf(config.meta.title, scope);

  useEffect(() => {
    document.title = title ? `${title} - ${i18n.app.name}` : i18n.app.name;
  }, [title]);
  // The description the server sent for the first page follows the pages the app moves to.
  const description = config.meta.description && !config.meta.description.includes('${') ? config.meta.description : i18n.app.description;
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
  // Before paint: the shell's back-home link appears in the same frame as the page (nothing moves under it).
  useLayoutEffect(() => {
    uiState.page = { name: entry.name, hideHome: Boolean(config.meta.hideHome), hideFeedback: Boolean(config.meta.hideFeedback) };
    return () => {
      if (uiState.page?.name === entry.name) uiState.page = null;
    };
  }, [entry.name, config.meta.hideHome, config.meta.hideFeedback]);

  // Image sources (posters) belong to this page: a poster on another page is never saved from here.
  const imageSources = useRef(new Map<string, ImageRenderer>());
  const page: PageApi = useMemo(
    () => ({
      name: config.name,
      source: (n) => data.sources[n],
      loadMore: data.loadMore,
      refresh: data.refresh,
      setState: (key, value) => setPageState((s) => ({ ...s, [key]: value })),
      registerImageSource: (id, render) => {
        imageSources.current.set(id, render);
        return () => {
          if (imageSources.current.get(id) === render) imageSources.current.delete(id);
        };
      },
      imageSource: (id) => imageSources.current.get(id),
    }),
    [config.name, data],
  );
  const ctx: TreeContext = useMemo(() => {
    const run: TreeContext['run'] = (actions, s) =>
      runActions(actions, { env, page, scope: s, run: (more, extra) => run(more, { ...s, ...extra }) });
    return { page, env, file: `pages-config (${config.name})`, run };
  }, [page, env, config.name]);
  // The landing page stays behind its skeleton until its first data arrived (then shows whole, nothing shifts).
  const held = useFirstLoadHold(data.sources, config, data.gated, missing !== null);
  // The first screen's blocks render first; the rest follow a few per painted frame (`data-blocks`: shown/all).
  const shown = useStepCount(config.blocks.length, FIRST_SCREEN_BLOCKS);
  if (missing)
    return (
      <main className={`page page-${config.name} not-found`} data-page={config.name} data-testid="not-found">
        <NotFoundScreen {...missing} ownTitle={false} />
      </main>
    );
  return (
    <>
      {held ? <PageLoading /> : null}
      <main className={`page page-${config.name}`} data-page={config.name} data-blocks={`${shown}/${config.blocks.length}`} hidden={held}>
        <BlockList nodes={config.blocks} count={shown} scope={scope} ctx={ctx} path="/blocks" />
      </main>
    </>
  );
}

/** One route: guards, then the page config rendered as blocks. */
export function PageHost({ entry }: { entry: RouteEntry }) {
  const location = useLocation();
  const auth = useSnapshot(authState);
  const env = useEnv();
  useSnapshot(examContext);
  const fullPath = location.pathname + location.search;
  const redirect = guardRedirect(entry.meta, fullPath);
  const binding = useBindingCheck(env, entry.meta.needBinding && auth.hasLogin && !redirect ? `${entry.name} ${location.key}` : null);
  // Nothing of the page is fetched (config, sources) while a guard sends the visitor elsewhere; the config
  // may arrive while base info is asked (needBinding), the sources wait for the answer.
  const config = useConfig(redirect || binding === 'bind' ? null : entry.name);
  // The tab bar shows from the route's meta (known from the route table), before the config arrives.
  const withTabBar = Boolean(entry.meta.tabBar) && !redirect;
  useEffect(() => {
    if (!withTabBar) return;
    tabBarState.route = entry.name;
    return () => {
      if (tabBarState.route === entry.name) tabBarState.route = null;
    };
  }, [withTabBar, entry.name]);
  if (redirect) return <Navigate to={redirect} replace />;
  if (binding === 'bind') return <Navigate to={`${BIND_MOBILE_ROUTE}?redirect=${encodeURIComponent(fullPath)}`} replace />;
  if (config === null || binding === 'checking') return <PageLoading />;
  if (typeof config === 'string') {
    return (
      <main className="page">
        <p className="error-text">
          {i18n.runtime.pageLoadFailed}：{config}
        </p>
      </main>
    );
  }
  return <Page key={location.pathname} entry={entry} config={config} />;
}

import { call } from '../api';
import { endpointTable } from './endpoint-table.gen';
import type { OutputOfId } from './env';
import type { PageConfig } from './page-config.gen';
import { preloadBlocks } from './registry';

export type Manifest = OutputOfId<'pages.manifest'>;
/** One route of the route table: a page config's name, path, aliases and the meta routing needs (guards). */
export type RouteEntry = Manifest['routes'][number];

/** An inert JSON script the server put into the HTML (src/server/client/shell-html.ts), or undefined. */
export function inlineJson<T>(id: string): { value: T; el: HTMLElement } | undefined {
  const el = globalThis.document?.getElementById(id);
  if (!el?.textContent) return undefined;
  try {
    return { value: JSON.parse(el.textContent) as T, el };
  } catch {
    return undefined;
  }
}

/** The route table: inlined by the server into index.html, else fetched (Vite dev server). */
export async function loadManifest(): Promise<Manifest | string> {
  const inline = inlineJson<Manifest>('page-manifest');
  if (inline) return inline.value;
  const res = await call(endpointTable['pages.manifest'], {});
  return res.status === 0 && res.data ? (res.data as Manifest) : res.msg;
}

/** Every block type of a page's tree (children, list item templates, tab contents…). */
function blockTypes(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) blockTypes(v, into);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.type === 'string') into.add(o.type);
    for (const [k, v] of Object.entries(o)) if (k !== 'type' && v && typeof v === 'object') blockTypes(v, into);
  }
  return into;
}

const configs = new Map<string, Promise<PageConfig | string>>();

/**
 * A page's config (cached for the session; a failed fetch is retried next time). The landing page's config is
 * inlined in the HTML by the server and used once instead of a request. The promise resolves once the chunks
 * of the page's blocks are loaded too (the server preloads them for the landing page), so the page renders
 * whole instead of block by block.
 */
export function loadPageConfig(name: string): Promise<PageConfig | string> {
  let p = configs.get(name);
  if (!p) {
    const inline = inlineJson<PageConfig>('page-config');
    if (inline?.el.dataset.name === name) inline.el.remove();
    const first =
      inline?.el.dataset.name === name
        ? Promise.resolve<PageConfig | string>(inline.value)
        : call(endpointTable['pages.config'], { name }).then((res) => {
            if (res.status === 0 && res.data) return res.data as unknown as PageConfig;
            configs.delete(name);
            return res.msg;
          });
    // The landing page's chunks come preloaded by its HTML: evaluated one per task; a later page's load at once.
    const landing = inline?.el.dataset.name === name;
    p = first.then((c) => (typeof c === 'string' ? c : preloadBlocks(blockTypes(c.blocks), { oneByOne: landing }).then(() => c)));
    configs.set(name, p);
  }
  return p;
}

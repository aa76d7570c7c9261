import { call } from '../api';
import { endpointTable } from './endpoint-table.gen';
import type { OutputOfId } from './env';
import type { PageConfig } from './page-config.gen';

export type Manifest = OutputOfId<'pages.manifest'>;
/** One route of the route table: a page config's name, path, aliases and meta. */
export type RouteEntry = Manifest['routes'][number];

/** The route table: inlined by the server into index.html, else fetched (Vite dev server). */
export async function loadManifest(): Promise<Manifest | string> {
  const inline = globalThis.document?.getElementById('page-manifest')?.textContent;
  if (inline) {
    try {
      return JSON.parse(inline) as Manifest;
    } catch {
      /* fall back to the API */
    }
  }
  const res = await call(endpointTable['pages.manifest'], {});
  return res.status === 0 && res.data ? (res.data as Manifest) : res.msg;
}

const configs = new Map<string, Promise<PageConfig | string>>();

/** A page's config (cached for the session; a failed fetch is retried next time). */
export function loadPageConfig(name: string): Promise<PageConfig | string> {
  let p = configs.get(name);
  if (!p) {
    p = call(endpointTable['pages.config'], { name }).then((res) => {
      if (res.status === 0 && res.data) return res.data as unknown as PageConfig;
      configs.delete(name);
      return res.msg;
    });
    configs.set(name, p);
  }
  return p;
}

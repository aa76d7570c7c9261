import type { CallResult } from '../api';
import { inlineJson } from './manifest';

/**
 * The first screen's data the server inlined into the HTML (`#page-data`, src/server/client/first-screen-data.ts):
 * replies of the landing page's sources, keyed by endpoint id and params as the data sources send them. A data source
 * takes its reply from here instead of calling — once, and only while the app still shows the URL the replies are for
 * (the landing page), so a later visit of the same page asks the server again.
 */
interface Inlined {
  path: string;
  replies: Record<string, CallResult>;
}

let inlined: Inlined | null | undefined;

function load(): Inlined | null {
  if (inlined === undefined) {
    const found = inlineJson<Inlined>('page-data');
    inlined = found && typeof found.value?.path === 'string' && found.value.replies ? found.value : null;
  }
  return inlined;
}

/** The key of a request (the same as the server's replyKey). */
export function requestKey(endpointId: string, params: Record<string, unknown>): string {
  return `${endpointId}:${JSON.stringify(params)}`;
}

/** The inlined reply of this request on the landing URL, taken (a second ask gets nothing); undefined otherwise. */
export function takeInlined(endpointId: string, params: Record<string, unknown>): CallResult | undefined {
  const data = load();
  if (!data) return undefined;
  const here = globalThis.location ? globalThis.location.pathname + globalThis.location.search : '';
  if (here !== data.path) {
    inlined = null; // the app has moved on: the replies were for the landing page only
    return undefined;
  }
  const key = requestKey(endpointId, params);
  const reply = data.replies[key];
  if (reply === undefined) return undefined;
  delete data.replies[key];
  return reply;
}

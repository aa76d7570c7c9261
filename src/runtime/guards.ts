import { currentToken } from '../state/auth';
import { CATEGORY_ROUTE, examContext, pickFromHistory } from '../state/exam-context';
import { loginRouteFor } from '../state/session-expiry';
import type { RouteEntry } from './manifest';

export { CATEGORY_ROUTE };
export const BIND_MOBILE_ROUTE = '/user/bind_mobile';

/**
 * Where a visitor must go before seeing a route, or null to show it.
 * auth not false needs a valid token; needCategory needs a subject (the first history entry is
 * chosen silently when there is one). needBinding is checked by the page host after base info loads.
 */
export function guardRedirect(meta: RouteEntry['meta'], fullPath: string): string | null {
  if (meta.auth !== false && !currentToken()) return loginRouteFor(fullPath);
  if (meta.needCategory && (examContext.genus_id === null || examContext.category_id === null)) {
    if (!pickFromHistory()) return `${CATEGORY_ROUTE}?redirect=${encodeURIComponent(fullPath)}`;
  }
  return null;
}

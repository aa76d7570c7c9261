import type { RouteHandler } from '../http/define';

/** Handlers of the address area's contract endpoints. */
export const addressRoutes: RouteHandler[] = [];

import type { RouteHandler } from '../http/define';

/** Handlers of the binding area's contract endpoints. */
export const bindingRoutes: RouteHandler[] = [];

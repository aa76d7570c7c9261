import type { RouteHandler } from '../http/define';

/** Handlers of the articles area's contract endpoints. */
export const articlesRoutes: RouteHandler[] = [];

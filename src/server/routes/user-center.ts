import type { RouteHandler } from '../http/define';

/** Handlers of the user-center area's contract endpoints. */
export const userCenterRoutes: RouteHandler[] = [];

import type { RouteHandler } from '../http/define';

/** Handlers of the study area's contract endpoints. */
export const studyRoutes: RouteHandler[] = [];

import type { RouteHandler } from '../http/define';
import { authRoutes } from './auth';
import { frameworkRoutes } from './framework';
import { genusRoutes } from './genus';
import { pageRoutes } from './pages';
import { userRoutes } from './user';

/** Every contract handler of the reference server. */
export const allRouteHandlers: readonly RouteHandler[] = [...frameworkRoutes, ...genusRoutes, ...authRoutes, ...userRoutes, ...pageRoutes];

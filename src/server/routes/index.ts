import type { RouteHandler } from '../http/define';
import { addressRoutes } from './address';
import { articlesRoutes } from './articles';
import { authRoutes } from './auth';
import { bindingRoutes } from './binding';
import { circleRoutes } from './circle';
import { courseRoutes } from './course';
import { ebookRoutes } from './ebook';
import { frameworkRoutes } from './framework';
import { genusRoutes } from './genus';
import { mallRoutes } from './mall';
import { pageRoutes } from './pages';
import { politicsRoutes } from './politics';
import { questionRoutes } from './question';
import { studyRoutes } from './study';
import { userRoutes } from './user';
import { userCenterRoutes } from './user-center';

/** Every contract handler of the reference server. */
export const allRouteHandlers: readonly RouteHandler[] = [
  ...frameworkRoutes,
  ...genusRoutes,
  ...authRoutes,
  ...userRoutes,
  ...pageRoutes,
  ...studyRoutes,
  ...articlesRoutes,
  ...bindingRoutes,
  ...userCenterRoutes,
  ...addressRoutes,
  ...courseRoutes,
  ...ebookRoutes,
  ...circleRoutes,
  ...politicsRoutes,
  ...questionRoutes,
  ...mallRoutes,
];

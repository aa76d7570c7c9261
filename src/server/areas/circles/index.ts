/**
 * The `circles` area's door. Circles, short videos and their comments, politics points.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { circleRoutes } from './circle-routes';
import { politicsRoutes } from './politics-routes';

export const circlesArea = defineArea({
  name: 'circles',
  routes: [...circleRoutes, ...politicsRoutes],
});

export { circleRoutes } from './circle-routes';
export { politicsRoutes } from './politics-routes';

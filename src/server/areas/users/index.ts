/**
 * The `users` area's door. The logged-in user and the user centre: profile, statistics, messages, collections, feedback.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { userCenterRoutes } from './user-center-routes';
import { userRoutes } from './user-routes';

export const usersArea = defineArea({
  name: 'users',
  routes: [...userRoutes, ...userCenterRoutes],
});

export { userCenterRoutes } from './user-center-routes';
export { userRoutes } from './user-routes';

/**
 * The `users` area's door. The logged-in user and the user centre: profile, statistics, messages, collections, feedback.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { userCenterRoutes } from './user-center-routes';
import { userRoutes } from './user-routes';
import { recordStudyDay } from './user-study-days';

export const usersArea = defineArea({
  name: 'users',
  routes: [...userRoutes, ...userCenterRoutes],
  async setup(_app, s) {
    // A study action (courses, questions, e-books announce it) makes today one of the user's study days.
    s.hooks.on('studied', (e) => recordStudyDay(s, e.userId));
  },
});

export { userCenterRoutes } from './user-center-routes';
export { userRoutes } from './user-routes';

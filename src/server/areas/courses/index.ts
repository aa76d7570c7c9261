/**
 * The `courses` area's door. Courses, videos, live sessions, progress and play URLs; the one access check and the delivery records.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { courseRoutes } from './routes';

export const coursesArea = defineArea({
  name: 'courses',
  routes: [...courseRoutes],
});

export { type AccessDecision, type AccessItem, checkAccessMany } from './access-check';
export { deliveredSince, isPaidDelivery, recordDelivery } from './content-deliveries';
export { contentPathsOf } from './content-paths';
export { courseLink } from './course-collect';
export { courseCounts } from './course-progress';
export { hasCoursesToCount, learnedSeconds } from './course-stats';
export { courseRoutes } from './routes';

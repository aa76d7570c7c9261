/**
 * The `questions` area's door. Question banks, practice, exam papers, the error book and review.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { questionRoutes } from './routes';

export const questionsArea = defineArea({
  name: 'questions',
  routes: [...questionRoutes],
});

export { questionRoutes } from './routes';

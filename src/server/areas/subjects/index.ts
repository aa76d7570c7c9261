/**
 * The `subjects` area's door. The subject choice: 大类 (genera) and 科目 (categories).
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { subjectRoutes } from './routes';

export const subjectsArea = defineArea({
  name: 'subjects',
  routes: [...subjectRoutes],
});

export { ensureGenus, ensureSubject, listCategories, listGenera } from './genus-subjects';

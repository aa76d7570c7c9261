/**
 * The `study` area's door. Study content: the home feed, news, notices, banners, hot words, strategies, the going list, guides, columns and search.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { genusRoutes } from './genus-routes';
import { studyRoutes } from './routes';

export const studyArea = defineArea({
  name: 'study',
  routes: [...studyRoutes, ...genusRoutes],
});

export { genusRoutes } from './genus-routes';
export { studyRoutes } from './routes';

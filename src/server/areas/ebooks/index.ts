/**
 * The `ebooks` area's door. E-books: anchored chapters, bookmarks, reading records.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { ebookRoutes } from './routes';

export const ebooksArea = defineArea({
  name: 'ebooks',
  routes: [...ebookRoutes],
});

export { readSeconds, shelfCount } from './ebook-stats';
export { ebookRoutes } from './routes';

/**
 * The `pages` area's door. Page configs, fragments, the tab bar: checked, hot-reloaded and served.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { pageRoutes } from './routes';

export const pagesArea = defineArea({
  name: 'pages',
  routes: [...pageRoutes],
  setup(app, s) {
    if (s.config.watchPages) s.pages.watch();
    app.addHook('onClose', async () => s.pages.close());
  },
});

export { PageStore, WATCH_DEBOUNCE_MS } from './page-store';
export { type SchemaProblem, schemaProblemsOf } from './schema-validator';

/**
 * The `framework` area's door. App-wide calls (documents, JS-SDK config, districts), the published OpenAPI document and the retention sweep.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */

import { allEndpoints } from '../../../contract';
import { defineArea } from '../../http/area';
import { OPENAPI_PATH, openApiDocument } from '../../http/openapi';
import { startRetentionSweeper } from './retention-sweep';
import { frameworkRoutes } from './routes';

export const frameworkArea = defineArea({
  name: 'framework',
  routes: [...frameworkRoutes],
  setup(app, s) {
    // The published contract, generated once at start (not per request).
    const openapi = JSON.stringify(openApiDocument(allEndpoints));
    app.get(OPENAPI_PATH, (_req, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(openapi));
    // Short-lived rows (login codes, OAuth states, VIP-code tries, idempotency keys) are deleted once expired.
    const stop = startRetentionSweeper(s, s.config.retentionSweepSeconds, (table, e) =>
      app.log.error({ err: e, table }, 'retention sweep failed'),
    );
    app.addHook('onClose', async () => stop());
  },
});

export { documentByKey } from './framework-documents';

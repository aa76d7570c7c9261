/**
 * The `activities` area's door. The activity engine: activities are files (pages-config/_activities), checked and
 * accepted against the database; invites, qualification, the event ledger and claims.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { activityRoutes } from './routes';

export const activitiesArea = defineArea({
  name: 'activities',
  routes: [...activityRoutes],
  async setup(app, s) {
    await s.activities.reload(s);
    if (s.config.watchPages) s.activities.watch(s);
    app.addHook('onClose', async () => s.activities.close());
  },
});

export { ActivityStore } from './activity-store';

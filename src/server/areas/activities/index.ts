/**
 * The `activities` area's door. The activity engine: activities are files (pages-config/_activities), checked and
 * accepted against the database; invites, qualification, the event ledger and claims.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { onMobileBound, onPaid, onRefunded, onStudied } from './activity-moments';
import { redeemAtFirstLogin } from './attribution';
import { activityRoutes } from './routes';

export const activitiesArea = defineArea({
  name: 'activities',
  routes: [...activityRoutes],
  async setup(app, s) {
    await s.activities.reload(s);
    // A new user who came through an activity link: the ticket they carried is redeemed (never failing the login).
    s.hooks.on('firstLogin', async (e) => {
      await redeemAtFirstLogin(s, e);
    });
    // Invitees waiting for a mobile, a study action or a first payment qualify; a refund of the qualifying order revokes.
    s.hooks.on('mobileBound', (e) => onMobileBound(s, e.userId));
    s.hooks.on('studied', (e) => onStudied(s, e.userId));
    s.hooks.on('paid', (e) => onPaid(s, e.userId, e.orderId));
    s.hooks.on('refunded', (e) => onRefunded(s, e.userId, e.orderId));
    if (s.config.watchPages) s.activities.watch(s);
    app.addHook('onClose', async () => s.activities.close());
  },
});

export { ActivityStore } from './activity-store';

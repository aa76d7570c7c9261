/**
 * The `payments` area's door. Paying with WeChat Pay (JSAPI, H5), its notifications, the sandbox cashier and the payment jobs (close, reconcile payments and refunds).
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import type { WechatPaySandbox } from '../../providers/pay/sandbox-api';
import { registerWechatPaySandboxRoutes } from '../../providers/pay/sandbox-routes';
import { registerPayNotifyRoutes } from './notify-routes';
import { startOrderSweeper } from './payment-jobs';
import { paymentRoutes } from './routes';

export const paymentsArea = defineArea({
  name: 'payments',
  routes: [...paymentRoutes],
  setup(app, s) {
    registerPayNotifyRoutes(app, s);
    // The sandbox cashier pays any order for free: never in production unless ALLOW_SANDBOXES=1 made it a staging server.
    const c = s.config;
    if (c.payProvider === 'sandbox' && (!c.production || c.sandboxesAllowed)) {
      registerWechatPaySandboxRoutes(app, async () => (await s.providers.pay()).sandbox as WechatPaySandbox);
    }
    // Unpaid orders close by themselves (every server may run it: each order is closed once).
    const stop = startOrderSweeper(s, c.orderSweepSeconds, app.log);
    app.addHook('onClose', async () => stop());
  },
});

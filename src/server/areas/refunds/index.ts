/**
 * The `refunds` area's door. Refund requests, review, WeChat Pay refunds and their notifications.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { refundRoutes } from './routes';

export const refundsArea = defineArea({
  name: 'refunds',
  routes: [...refundRoutes],
});

export { applyRefund, type ItemRefundState, itemRefundStates } from './order-refund';
export { handleRefundNotification } from './refund-notify';
export { newRefundValues, REFUND_NOTIFY_PATH, type RefundServices } from './refund-rows';
export { reconcileRefunds, sendRefund } from './refund-settle';

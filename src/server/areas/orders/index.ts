/**
 * The `orders` area's door. Ordering, the order state machine, grants, the caller's orders and their expiry.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { orderRoutes } from './routes';

export const ordersArea = defineArea({
  name: 'orders',
  routes: [...orderRoutes],
});

export { createOrder, IDEMPOTENCY_TTL_SECONDS } from './order-create';
export { closeUnsent, closeUserOverdueUnsent, sentToWechat } from './order-expiry';
export { extendVip, grantContent, withdrawContent, withdrawVip } from './order-grants';
export { type OrderRow, ownOrder } from './order-owner';
export { tryWithPayLock, withPayLock } from './order-pay-lock';
export { listOrders, orderDetail, orderItem, orderStatus } from './order-queries';
export { type CloseReason, markClosed, markPaid, type OrderStatus, refusalOf } from './order-state';
export { createPrizeOrder } from './prize-order';

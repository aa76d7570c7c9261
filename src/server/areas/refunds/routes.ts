import * as order from '../../../contract/orders';
import { handle, type RouteHandler } from '../../http/define';
import { applyRefund } from './order-refund';

/** Handler of the learner's refund request (review, sending and notifications: the rest of this area). */
export const refundRoutes: RouteHandler[] = [
  handle(order.applyRefund, async (input, ctx) => applyRefund(ctx, ctx.user.id, input.order_goods_id, input.reason, ctx.origin)),
];

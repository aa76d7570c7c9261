import * as order from '../../../contract/orders';
import { handle, type RouteHandler } from '../../http/define';
import { createOrder } from './order-create';
import { closeUserOverdueUnsent } from './order-expiry';
import { listOrders, orderDetail, orderItem } from './order-queries';

/**
 * Handlers of ordering (`order.create`) and of the caller's orders. Reads never call WeChat Pay: they first close the
 * caller's expired orders that were never sent there; one that was shows as closing until the payment jobs have asked.
 */
export const orderRoutes: RouteHandler[] = [
  handle(order.create, async (input, ctx) => createOrder(ctx, input)),
  handle(order.list, async (input, ctx) => {
    await closeUserOverdueUnsent(ctx, ctx.user.id);
    return listOrders(ctx, ctx.user.id, input);
  }),
  handle(order.detail, async (input, ctx) => {
    await closeUserOverdueUnsent(ctx, ctx.user.id);
    return orderDetail(ctx, ctx.user.id, input.id);
  }),
  handle(order.item, async (input, ctx) => orderItem(ctx, ctx.user.id, input.order_goods_id)),
];

import * as order from '../../../contract/orders';
import { handle, type RouteHandler } from '../../http/define';
import { expressPackages } from './order-tracking';

/** Handler of an order item's parcels and their tracks. */
export const shippingRoutes: RouteHandler[] = [
  handle(order.expressPackage, async (input, ctx) => expressPackages(ctx, ctx.user.id, input.order_goods_id)),
];

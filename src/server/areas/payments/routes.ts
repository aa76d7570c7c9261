import * as order from '../../../contract/orders';
import { handle, type RouteHandler } from '../../http/define';
import { orderStatus, ownOrder } from '../orders';
import { closeOrder } from './order-close';
import { payH5, payJsapi, refreshFromWechat } from './order-pay';

/** Handlers of paying an order (JSAPI, H5), the pay flow's status poll and closing an order (WeChat Pay is asked first). */
export const paymentRoutes: RouteHandler[] = [
  handle(order.status, async (input, ctx) => {
    // The browser's word is not proof: a pending order with a payment is checked with WeChat Pay (at most every 3 s).
    const o = await ownOrder(ctx, ctx.user.id, input.id);
    if (o.status === 'pending')
      await refreshFromWechat(ctx, o.id).catch((e: unknown) => ctx.log.warn({ err: e }, 'order status: wechat pay query failed'));
    return orderStatus(ctx, ctx.user.id, input.id);
  }),
  handle(order.pay, async (input, ctx) => payJsapi(ctx, ctx.user.id, input.id)),
  handle(order.h5Pay, async (input, ctx) => payH5(ctx, ctx.user.id, input.id, input.redirect_url)),
  handle(order.close, async (input, ctx) => closeOrder(ctx, ctx.user.id, input.id)),
];

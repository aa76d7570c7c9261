import * as goods from '../../contract/goods';
import * as order from '../../contract/order';
import * as vip from '../../contract/vip';
import { handle, type RouteHandler } from '../http/define';
import { genusCategoryOf, goodsDetail, listGoods, mappingOf, mustBuy } from '../services/goods-catalog';
import { closeOrder } from '../services/order-close';
import { createOrder } from '../services/order-create';
import { closeUserOverdueUnsent } from '../services/order-expiry';
import { payH5, payJsapi, refreshFromWechat } from '../services/order-pay';
import { listOrders, orderDetail, orderItem, orderStatus, ownOrder } from '../services/order-queries';
import { applyRefund } from '../services/order-refund';
import { expressPackages } from '../services/order-tracking';
import { redeemVipCode } from '../services/vip-exchange';

/**
 * Handlers of the goods, order (with paying, refunds and parcel tracking) and VIP-code endpoints. Reads of orders
 * never call WeChat Pay: they first close the caller's expired orders that were never sent there; one that was shows
 * as closing until the sweeper has asked.
 */
export const mallRoutes: RouteHandler[] = [
  handle(goods.mustBuyList, async (input, ctx) => mustBuy(ctx, ctx.user?.id ?? null, input)),
  handle(goods.list, async (input, ctx) => listGoods(ctx, ctx.user?.id ?? null, input)),
  handle(goods.detail, async (input, ctx) => goodsDetail(ctx, ctx.user.id, input.id)),
  handle(goods.genusCategory, async (input, ctx) => genusCategoryOf(ctx, input.id)),
  handle(goods.mapping, async (input, ctx) => mappingOf(ctx, input)),
  handle(goods.order, async (input, ctx) => createOrder(ctx, input)),
  handle(order.list, async (input, ctx) => {
    await closeUserOverdueUnsent(ctx, ctx.user.id);
    return listOrders(ctx, ctx.user.id, input);
  }),
  handle(order.detail, async (input, ctx) => {
    await closeUserOverdueUnsent(ctx, ctx.user.id);
    return orderDetail(ctx, ctx.user.id, input.id);
  }),
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
  handle(order.item, async (input, ctx) => orderItem(ctx, ctx.user.id, input.order_goods_id)),
  handle(order.applyRefund, async (input, ctx) => applyRefund(ctx, ctx.user.id, input.order_goods_id, input.reason, ctx.origin)),
  handle(vip.exchange, async (input, ctx) => redeemVipCode(ctx, ctx.user.id, input.code)),
  handle(order.expressPackage, async (input, ctx) => expressPackages(ctx, ctx.user.id, input.order_goods_id)),
];

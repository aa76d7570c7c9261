import * as vip from '../../../contract/vip';
import { handle, type RouteHandler } from '../../http/define';
import { redeemVipCode } from './vip-exchange';

/** Handler of redeeming a VIP code (`/exchange-vip`). */
export const vipRoutes: RouteHandler[] = [handle(vip.exchange, async (input, ctx) => redeemVipCode(ctx, ctx.user.id, input.code))];

import * as address from '../../../contract/addresses';
import { handle, type RouteHandler } from '../../http/define';
import { addressOf, defaultAddress, listAddresses, removeAddress, saveAddress } from './address-store';

/** Handlers of the address area's contract endpoints; every query is scoped to the logged-in user. */
export const addressRoutes: RouteHandler[] = [
  handle(address.defaultAddress, async (_input, ctx) => defaultAddress(ctx, ctx.user.id)),
  handle(address.addressList, async (_input, ctx) => listAddresses(ctx, ctx.user.id)),
  handle(address.addressDetail, async (input, ctx) => addressOf(ctx, ctx.user.id, input.id)),
  handle(address.saveAddress, async (input, ctx) => saveAddress(ctx, ctx.user.id, input)),
  handle(address.removeAddress, async (input, ctx) => removeAddress(ctx, ctx.user.id, input.id)),
];

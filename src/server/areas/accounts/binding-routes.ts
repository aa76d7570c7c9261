import * as binding from '../../../contract/accounts-binding';
import { handle, type RouteHandler } from '../../http/define';
import { notFound } from '../../http/errors';
import { bindMobileByCode, checkBindable, thirdBindInfoOf } from './binding-mobile';
import { sendCode } from './sms-codes';
import { senderOf } from './sms-limits';

/** Handlers of the binding area's contract endpoints. */
export const bindingRoutes: RouteHandler[] = [
  handle(binding.bindMobile, async (input, ctx) => {
    await checkBindable(ctx, ctx.user, input.mobile);
    // Same rules as the login code (60 s between sends, 10 a day, 5 minutes, 5 tries); the mobile is new to us.
    return sendCode(ctx, input.mobile, 'register', senderOf(ctx, input.altcha));
  }),

  handle(binding.confirmBindMobile, async (input, ctx) => {
    await bindMobileByCode(ctx, ctx.user, input.mobile, input.code);
    return { id: ctx.user.id, mobile: input.mobile, need_bound: 0 };
  }),

  handle(binding.thirdBindInfo, async (input, ctx) => {
    // Only one's own: another user's id looks like one that does not exist.
    if (input.userId !== undefined && input.userId !== ctx.user.id) throw notFound('用户');
    return thirdBindInfoOf(ctx, ctx.user);
  }),
];

import * as cancel from '../../../contract/accounts-cancel';
import { handle, type RouteHandler } from '../../http/define';
import { cancelAccount, sendCancelCode } from './account-deletion';
import { senderOf } from './sms-limits';

/** Handlers of `account.*`: deleting one's own account (account-deletion.ts). */
export const cancelRoutes: RouteHandler[] = [
  handle(cancel.cancelCode, (input, ctx) => sendCancelCode(ctx, ctx.user, senderOf(ctx, input.altcha))),
  handle(cancel.cancel, (input, ctx) => cancelAccount(ctx, ctx.user, input.code)),
];

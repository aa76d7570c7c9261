import type { BlockDefinition } from '../../runtime/block-api';

/** The checkout (`/order/determine/:goodId/:referrerId`, `/activity/vip-buy-determine/:goodIds/:referrerId`): goods, address, quantity, remark, 提交订单. */
export const definition: BlockDefinition = { type: 'orders-checkout', load: () => import('./OrderCheckout') };

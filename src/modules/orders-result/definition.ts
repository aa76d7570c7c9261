import type { BlockDefinition } from '../../runtime/block-api';

/** The state of an order after checkout (`/order/result/:orderId`, `/activity/vip-buy-result`): paid, pending with its count-down, closed. */
export const definition: BlockDefinition = { type: 'orders-result', load: () => import('./OrderResult') };

import type { BlockDefinition } from '../../runtime/block-api';

/** One order (`/order/detail/:orderId`): status and count-down, items, address, amounts, times, copy, cancel. */
export const definition: BlockDefinition = { type: 'orders-detail', load: () => import('./OrderDetail') };

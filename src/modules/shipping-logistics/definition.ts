import type { BlockDefinition } from '../../runtime/block-api';

/** The parcels of one physical order item (`/order/logistics/:orderId/:orderGoodId`): state, carrier, number, timeline. */
export const definition: BlockDefinition = { type: 'shipping-logistics', load: () => import('./OrderLogistics') };

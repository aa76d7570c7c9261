import type { BlockDefinition } from '../../runtime/block-api';

/** `/exchange-vip`: redeem a VIP code. */
export const definition: BlockDefinition = { type: 'vip-exchange', load: () => import('./VipExchange') };

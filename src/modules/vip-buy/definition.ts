import type { BlockDefinition } from '../../runtime/block-api';

/** The VIP buy page: current membership, VIP plans, 立即开通. */
export const definition: BlockDefinition = { type: 'vip-buy', load: () => import('./VipBuy') };

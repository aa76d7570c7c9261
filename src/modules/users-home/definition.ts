import type { BlockDefinition } from '../../runtime/block-api';

/** The user centre: profile, VIP, statistics, the config's entry blocks (children) and logout. */
export const definition: BlockDefinition = { type: 'users-home', load: () => import('./UserHome') };

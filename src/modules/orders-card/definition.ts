import type { BlockDefinition } from '../../runtime/block-api';

/** One order of the order lists: number, status, items, total, time; taps open its detail. */
export const definition: BlockDefinition = { type: 'orders-card', load: () => import('./OrderCard') };

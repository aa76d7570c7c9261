import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'countdown', load: () => import('./CountdownBlock'), rawProps: ['endActions'] };

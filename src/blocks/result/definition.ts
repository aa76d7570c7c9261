import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'result', load: () => import('./ResultBlock'), rawProps: ['buttons'] };

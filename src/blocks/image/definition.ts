import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'image', load: () => import('./ImageBlock'), rawProps: ['actions'] };

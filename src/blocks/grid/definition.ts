import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'grid', load: () => import('./GridBlock'), rawProps: ['items'] };

import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'button-bar', load: () => import('./ButtonBarBlock'), rawProps: ['buttons'] };

import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'list', load: () => import('./ListBlock'), rawProps: ['item', 'itemActions'] };

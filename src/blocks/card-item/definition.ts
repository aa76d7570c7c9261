import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'card-item', load: () => import('./CardItemBlock') };

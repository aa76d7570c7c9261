import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'coming-soon', load: () => import('./ComingSoonBlock') };

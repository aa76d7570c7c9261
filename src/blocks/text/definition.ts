import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'text', load: () => import('./TextBlock') };

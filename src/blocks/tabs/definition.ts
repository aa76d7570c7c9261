import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'tabs', load: () => import('./TabsBlock') };

import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'top-bar', load: () => import('./TopBarBlock') };

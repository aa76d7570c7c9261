import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'poster', load: () => import('./PosterBlock') };

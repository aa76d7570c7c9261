import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'activity-share', load: () => import('./ActivityShareBlock') };

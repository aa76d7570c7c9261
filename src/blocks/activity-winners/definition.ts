import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'activity-winners', load: () => import('./ActivityWinnersBlock') };

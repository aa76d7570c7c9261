import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'activity-referrer', load: () => import('./ActivityReferrerBlock') };

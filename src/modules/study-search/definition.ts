import type { BlockDefinition } from '../../runtime/block-api';

/** Search within the selected subject on `/study/search` (input, hot words, history, grouped results). */
export const definition: BlockDefinition = { type: 'study-search', load: () => import('./StudySearch') };

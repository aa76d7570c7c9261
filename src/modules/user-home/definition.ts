import type { BlockDefinition } from '../../runtime/block-api';

/** The user centre header and logout (issue 4 grows it). */
export const definition: BlockDefinition = { type: 'user-home', load: () => import('./UserHome') };

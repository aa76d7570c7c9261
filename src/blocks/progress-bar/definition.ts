import type { BlockDefinition } from '../../runtime/block-api';

/** A thin progress bar with an optional label and the percentage. */
export const definition: BlockDefinition = { type: 'progress-bar', load: () => import('./ProgressBarBlock') };

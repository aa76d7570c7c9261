import type { BlockDefinition } from '../../runtime/block-api';

/** A bundle's courses with the user's progress, drawn by the config's item template. */
export const definition: BlockDefinition = { type: 'courses-children', load: () => import('./CourseChildren'), rawProps: ['item'] };

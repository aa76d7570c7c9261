import type { BlockDefinition } from '../../runtime/block-api';

/** A course's chapters and videos: durations, previews, locks, the user's progress; a tap picks the video to play. */
export const definition: BlockDefinition = { type: 'courses-catalog', load: () => import('./CourseCatalog') };

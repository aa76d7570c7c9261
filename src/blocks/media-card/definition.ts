import type { BlockDefinition } from '../../runtime/block-api';

/** A cover card (course, e-book, good): cover with a corner badge, title with a tag, meta, accent and action label. */
export const definition: BlockDefinition = { type: 'media-card', load: () => import('./MediaCardBlock') };

import type { BlockDefinition } from '../../runtime/block-api';

/** Comments and replies of a circle short video with the comment box (`/video/detail`). */
export const definition: BlockDefinition = { type: 'circles-comments', load: () => import('./CircleComments') };

import type { BlockDefinition } from '../../runtime/block-api';

/** A friend's shared question (`/question/share/:consultId`): answer once; the sharer sees who answered how. */
export const definition: BlockDefinition = { type: 'questions-share', load: () => import('./QuestionShare') };

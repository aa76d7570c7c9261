import type { BlockDefinition } from '../../runtime/block-api';

/** The error book of `/question/error`: 今日复习, tabs with counts, redo inline, remove, 全部重做. */
export const definition: BlockDefinition = { type: 'questions-error-book', load: () => import('./QuestionErrorBook') };

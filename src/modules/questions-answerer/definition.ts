import type { BlockDefinition } from '../../runtime/block-api';

/** The question-answering module (`/question/answer/:bankId/:reset?`): practice and exam papers, one question per screen. */
export const definition: BlockDefinition = { type: 'questions-answerer', load: () => import('./QuestionAnswerer') };

import type { BlockDefinition } from '../../runtime/block-api';

/** Choose the exam subject (genus and category) on `/study/category`. */
export const definition: BlockDefinition = { type: 'subjects-picker', load: () => import('./SubjectPicker') };

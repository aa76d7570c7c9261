import * as subjects from '../../../contract/subjects';
import { handle, type RouteHandler } from '../../http/define';
import { listCategories, listGenera } from './genus-subjects';

/** Handlers of the subject choice: 大类 (genera) and 科目 (categories). */
export const subjectRoutes: RouteHandler[] = [
  handle(subjects.genusList, async (_input, ctx) => listGenera(ctx)),
  handle(subjects.categoryList, async (input, ctx) => listCategories(ctx, input.genus_id)),
];

import * as genus from '../../../contract/genus';
import { handle, type RouteHandler } from '../../http/define';
import { listCategories, listGenera } from './genus-subjects';

/** Handlers of the subject choice: 大类 (genera) and 科目 (categories). */
export const subjectRoutes: RouteHandler[] = [
  handle(genus.genusList, async (_input, ctx) => listGenera(ctx)),
  handle(genus.categoryList, async (input, ctx) => listCategories(ctx, input.genus_id)),
];

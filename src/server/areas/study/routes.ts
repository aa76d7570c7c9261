import * as study from '../../../contract/study';
import { handle, type RouteHandler } from '../../http/define';
import { columnContent, listColumns } from './study-columns';
import { goingList } from './study-going';
import { examGuide } from './study-guides';
import { searchStudy } from './study-search';
import { listStrategies, strategyDetail, viewStrategy } from './study-strategies';

/** Handlers of the study area's contract endpoints. */
export const studyRoutes: RouteHandler[] = [
  handle(study.strategyList, async (input, ctx) => listStrategies(ctx, input)),
  handle(study.strategyDetailEndpoint, async (input, ctx) => strategyDetail(ctx, input.id)),
  handle(study.strategyView, async (input, ctx) => viewStrategy(ctx, input.id)),
  handle(study.going, async (input, ctx) => goingList(ctx, input)),
  handle(study.signUpInfo, async (input, ctx) => examGuide(ctx, 'signup', input)),
  handle(study.outline, async (input, ctx) => examGuide(ctx, 'outline', input)),
  handle(study.columnList, async (input, ctx) => listColumns(ctx, input.genus_id)),
  handle(study.columnContent, async (input, ctx) => columnContent(ctx, input.column_id)),
  handle(study.search, async (input, ctx) => searchStudy(ctx, input)),
];

import * as question from '../../contract/question';
import { handle, type RouteHandler } from '../http/define';
import {
  answerQuestion,
  clearRecords,
  errorCount,
  errorList,
  finishBank,
  lastAnswered,
  records,
  removeError,
} from '../services/question-answers';
import {
  bankContent,
  bankDetail,
  collectedQuestions,
  collectQuestion,
  listBanks,
  listChildren,
  myBanks,
} from '../services/question-catalog';

/** Handlers of the question area's contract endpoints. */
export const questionRoutes: RouteHandler[] = [
  handle(question.bankList, async (input, ctx) => listBanks(ctx, input)),
  handle(question.bankDetailEndpoint, async (input, ctx) => bankDetail(ctx, ctx.user?.id ?? null, input.bank_id)),
  handle(question.myBanks, async (input, ctx) => myBanks(ctx, ctx.user.id, input)),
  handle(question.children, async (input, ctx) => listChildren(ctx, ctx.user?.id ?? null, input.id)),
  handle(question.content, async (input, ctx) => bankContent(ctx, ctx.user.id, input.bank_id)),
  handle(question.answer, async (input, ctx) => answerQuestion(ctx, ctx.user.id, input)),
  handle(question.errorCount, async (input, ctx) => errorCount(ctx, ctx.user.id, input)),
  handle(question.errorList, async (input, ctx) => errorList(ctx, ctx.user.id, input)),
  handle(question.errorRemove, async (input, ctx) => removeError(ctx, ctx.user.id, input.error_id)),
  handle(question.record, async (input, ctx) => records(ctx, ctx.user.id, input.bank_id)),
  handle(question.last, async (_input, ctx) => lastAnswered(ctx, ctx.user.id)),
  handle(question.collect, async (input, ctx) => collectQuestion(ctx, ctx.user.id, input)),
  handle(question.collection, async (input, ctx) => collectedQuestions(ctx, ctx.user.id, input.bank_id)),
  handle(question.finish, async (input, ctx) => finishBank(ctx, ctx.user.id, input.bank_id)),
  handle(question.clearRecord, async (input, ctx) => clearRecords(ctx, ctx.user.id, input.bank_id)),
];

import * as question from '../../../contract/questions';
import { handle, type RouteHandler } from '../../http/define';
import { answerQuestion, clearRecords, finishBank, lastAnswered, records } from './question-answers';
import { bankContent, bankDetail, collectedQuestions, collectQuestion, listBanks, listChildren, myBanks } from './question-catalog';
import { answerConsult, consultDetail, createConsult } from './question-consult';
import { addError, answerError, errorCount, errorList, removeError, reviewQueue } from './question-error-book';
import { examState, settleExpiredExams, startExam } from './question-exam';
import { reportFault } from './question-faults';

/** Handlers of the question area's contract endpoints. Reads of the error book first hand in papers whose time is up. */
export const questionRoutes: RouteHandler[] = [
  handle(question.bankList, async (input, ctx) => listBanks(ctx, input)),
  handle(question.bankDetailEndpoint, async (input, ctx) => bankDetail(ctx, ctx.user?.id ?? null, input.bank_id)),
  handle(question.myBanks, async (input, ctx) => myBanks(ctx, ctx.user.id, input)),
  handle(question.children, async (input, ctx) => listChildren(ctx, ctx.user?.id ?? null, input.id)),
  handle(question.content, async (input, ctx) => bankContent(ctx, ctx.user.id, input.bank_id)),
  handle(question.answer, async (input, ctx) => {
    const done = await answerQuestion(ctx, ctx.user.id, input);
    await ctx.hooks.emit('studied', { userId: ctx.user.id });
    return done;
  }),
  handle(question.errorCount, async (input, ctx) => {
    await settleExpiredExams(ctx, ctx.user.id);
    return errorCount(ctx, ctx.user.id, input);
  }),
  handle(question.errorList, async (input, ctx) => {
    await settleExpiredExams(ctx, ctx.user.id);
    return errorList(ctx, ctx.user.id, input);
  }),
  handle(question.reviewQueue, async (input, ctx) => {
    await settleExpiredExams(ctx, ctx.user.id);
    return reviewQueue(ctx, ctx.user.id, input);
  }),
  handle(question.errorRemove, async (input, ctx) => removeError(ctx, ctx.user.id, input.error_id)),
  handle(question.errorAdd, async (input, ctx) => addError(ctx, ctx.user.id, input)),
  handle(question.errorAnswer, async (input, ctx) => answerError(ctx, ctx.user.id, input)),
  handle(question.record, async (input, ctx) => records(ctx, ctx.user.id, input.bank_id)),
  handle(question.last, async (input, ctx) => lastAnswered(ctx, ctx.user.id, input)),
  handle(question.collect, async (input, ctx) => collectQuestion(ctx, ctx.user.id, input)),
  handle(question.collection, async (input, ctx) => collectedQuestions(ctx, ctx.user.id, input.bank_id)),
  handle(question.finish, async (input, ctx) => finishBank(ctx, ctx.user.id, input.bank_id)),
  handle(question.clearRecord, async (input, ctx) => clearRecords(ctx, ctx.user.id, input.bank_id)),
  handle(question.exam, async (input, ctx) => examState(ctx, ctx.user.id, input.bank_id)),
  handle(question.examStart, async (input, ctx) => startExam(ctx, ctx.user.id, input.bank_id)),
  handle(question.consultCreate, async (input, ctx) => createConsult(ctx, ctx.user.id, input.relation_id)),
  handle(question.consultDetail, async (input, ctx) => consultDetail(ctx, ctx.user?.id ?? null, input.id)),
  handle(question.consultAnswer, async (input, ctx) => answerConsult(ctx, ctx.user.id, input.id, input.answer)),
  handle(question.report, async (input, ctx) => reportFault(ctx, ctx.user.id, input)),
];

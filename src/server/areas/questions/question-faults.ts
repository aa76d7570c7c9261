/** 纠错: a learner reports a faulty question with one of the fixed reasons; the same report is kept once. */
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type * as question from '../../../contract/questions';
import type { Services } from '../../http/context';
import { answerableQuestion } from './question-records';

export async function reportFault(
  s: Services,
  userId: number,
  q: ParsedInputOf<typeof question.report>,
): Promise<OutputOf<typeof question.report>> {
  const row = await answerableQuestion(s, q.question_id, 'question_id');
  const db = s.db.kysely;
  const mine = () =>
    db
      .selectFrom('question_reports')
      .select('id')
      .where('user_id', '=', userId)
      .where('question_id', '=', row.id)
      .where('reason', '=', q.reason)
      .executeTakeFirst();
  const before = await mine();
  if (before) {
    if (q.detail !== '') await db.updateTable('question_reports').set({ detail: q.detail }).where('id', '=', before.id).execute();
    return { id: before.id, created: 0 };
  }
  await db
    .insertInto('question_reports')
    .values({ user_id: userId, question_id: row.id, reason: q.reason, detail: q.detail, created_at: s.clock() })
    .onConflict((oc) => oc.columns(['user_id', 'question_id', 'reason']).doNothing())
    .execute();
  return { id: (await mine())?.id ?? 0, created: 1 };
}

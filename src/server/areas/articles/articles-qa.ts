import type * as articles from '../../../contract/articles';
import type { OutputOf, ParsedInputOf } from '../../../contract/endpoint';
import type { Services } from '../../http/context';
import { notFound } from '../../http/errors';
import { articleHtml } from './article-html';

/** The list leaves out the Markdown question and answer it never shows. */
const QA_WITHOUT_BODY = ['id', 'title', 'tag', 'asker', 'answerer', 'answerer_title', 'view_count', 'created_at'] as const;

/** One page of the Q&A, newest question first. */
export async function listQuestions(
  s: Services,
  q: ParsedInputOf<typeof articles.answerQuestionList>,
): Promise<OutputOf<typeof articles.answerQuestionList>> {
  return s.db.kysely
    .selectFrom('answer_questions')
    .select(QA_WITHOUT_BODY)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
}

export async function questionDetail(s: Services, id: number): Promise<OutputOf<typeof articles.answerQuestionDetail>> {
  const row = await s.db.kysely.selectFrom('answer_questions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`问答 id ${id} `);
  return { ...row, question_html: articleHtml(row.question), answer_html: articleHtml(row.answer) };
}

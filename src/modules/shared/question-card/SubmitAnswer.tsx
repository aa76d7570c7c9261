/**
 * How an answer is handed in, the same in practice (the answering module) and in the error book's redo: a tap on a
 * single choice or 对 / 错 submits at once; multiple choice and blanks wait for 提交答案 (enabled once the answer is
 * complete, 提交中… while it is sent). The verdict, key and analysis then show on the card and stay there until the
 * learner moves on (下一题).
 */

import type { QuestionItem } from '../../../contract/questions-shapes';
import { questionCard } from '../../../i18n/zh-CN/question-card';
import { type AnswerValue, isAnswerComplete } from './answer-value';

const t = questionCard;

/** Single choice and 对 / 错: the tap is the answer. */
export function submitsOnTap(q: Pick<QuestionItem, 'type'>): boolean {
  return q.type === 'single' || q.type === 'judge';
}

/** The 提交答案 button of a question that needs one (nothing for single choice and 对 / 错). */
export function SubmitAnswer({
  question,
  value,
  sending,
  onSubmit,
  className,
}: {
  question: QuestionItem;
  value: AnswerValue;
  sending: boolean;
  onSubmit: () => void;
  /** The module's own look (its primary button). */
  className?: string;
}) {
  if (submitsOnTap(question)) return null;
  return (
    <button
      type="button"
      className={className ? `qc-submit ${className}` : 'qc-submit'}
      disabled={sending || !isAnswerComplete(question, value)}
      onClick={onSubmit}
    >
      {sending ? t.submitting : t.submit}
    </button>
  );
}

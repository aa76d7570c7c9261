import { useState } from 'react';
import type { ErrorItem } from '../../contract/questions';
import { dueText } from '../../format/due-date';
import { questionErrorBook } from '../../i18n/zh-CN/question-error-book';
import type { Env } from '../../runtime/block-api';
import { type AnswerValue, isAnswerComplete } from '../shared/question-card/answer-value';
import { QuestionCard } from '../shared/question-card/QuestionCard';
import { SubmitAnswer, submitsOnTap } from '../shared/question-card/SubmitAnswer';
import { asQuestion, type RedoResult, redoMessage } from './book';

const t = questionErrorBook;

export interface RedoProps {
  item: ErrorItem;
  env: Pick<Env, 'call' | 'toast'>;
  /** 1-based position in a session ("第 i / N 题"). */
  index?: number;
  total?: number;
  /** Called once the server scored the answer. */
  onDone(result: RedoResult): void;
  /** Buttons under the verdict (下一题 / 收起). */
  after?: React.ReactNode;
}

/**
 * One redo, submitted as practice is (SubmitAnswer: a tap on a single choice or 对 / 错, else 提交答案), then the verdict
 * with the key and analysis, the streak and the next review, which stay until 下一题 / 收起.
 */
export function Redo({ item, env, index, total, onDone, after }: RedoProps) {
  const q = asQuestion(item);
  const [value, setValue] = useState<AnswerValue>([]);
  const [result, setResult] = useState<RedoResult | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (answer: AnswerValue = value) => {
    if (sending || result || !isAnswerComplete(q, answer)) return;
    setSending(true);
    const r = await env.call('question.error_answer', { error_id: item.id, answer });
    setSending(false);
    if (r.status !== 0 || !r.data) {
      env.toast(r.msg);
      return;
    }
    setResult(r.data);
    onDone(r.data);
  };

  // As in practice: a tap on a single choice or 对 / 错 is the answer; the others wait for 提交答案.
  const change = (v: AnswerValue) => {
    if (sending || result) return;
    setValue(v);
    if (submitsOnTap(q) && isAnswerComplete(q, v)) void submit(v);
  };

  const due = result && result.removed !== 1 ? dueText(result.due_at) : '';
  return (
    <div className="qeb-redo" data-testid="error-redo">
      <QuestionCard question={q} index={index} total={total} value={value} onChange={result ? undefined : change} result={result} />
      {result ? (
        <div className={`qeb-redo-after${result.removed === 1 ? ' is-graduated' : ''}`} role="status">
          <p className="qeb-redo-message">{redoMessage(result)}</p>
          {due ? <p className="qeb-redo-due">{t.reviewNext(due)}</p> : null}
        </div>
      ) : (
        <SubmitAnswer
          question={q}
          value={value}
          sending={sending}
          onSubmit={() => void submit()}
          className="qeb-btn qeb-btn-primary qeb-submit"
        />
      )}
      {result ? after : null}
    </div>
  );
}

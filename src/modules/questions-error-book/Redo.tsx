import { useState } from 'react';
import type { ErrorItem } from '../../contract/questions';
import { dueText } from '../../format/due-date';
import { questionErrorBook } from '../../i18n/zh-CN/question-error-book';
import type { Env } from '../../runtime/block-api';
import { type AnswerValue, isAnswerComplete } from '../shared/question-card/answer-value';
import { QuestionCard } from '../shared/question-card/QuestionCard';
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

/** One redo: the question card, 提交答案, then the verdict with the key and analysis, the streak and the next review. */
export function Redo({ item, env, index, total, onDone, after }: RedoProps) {
  const q = asQuestion(item);
  const [value, setValue] = useState<AnswerValue>([]);
  const [result, setResult] = useState<RedoResult | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    if (sending || result || !isAnswerComplete(q, value)) return;
    setSending(true);
    const r = await env.call('question.error_answer', { error_id: item.id, answer: value });
    setSending(false);
    if (r.status !== 0 || !r.data) {
      env.toast(r.msg);
      return;
    }
    setResult(r.data);
    onDone(r.data);
  };

  const due = result && result.removed !== 1 ? dueText(result.due_at) : '';
  return (
    <div className="qeb-redo" data-testid="error-redo">
      <QuestionCard question={q} index={index} total={total} value={value} onChange={result ? undefined : setValue} result={result} />
      {result ? (
        <div className={`qeb-redo-after${result.removed === 1 ? ' is-graduated' : ''}`} role="status">
          <p className="qeb-redo-message">{redoMessage(result)}</p>
          {due ? <p className="qeb-redo-due">{t.reviewNext(due)}</p> : null}
        </div>
      ) : (
        <button
          type="button"
          className="qeb-btn qeb-btn-primary qeb-submit"
          disabled={sending || !isAnswerComplete(q, value)}
          onClick={submit}
        >
          {sending ? t.submitting : t.submit}
        </button>
      )}
      {result ? after : null}
    </div>
  );
}

import { useState } from 'react';
import type { ErrorItem } from '../../contract/questions';
import { questionErrorBook } from '../../i18n/zh-CN/question-error-book';
import type { Env } from '../../runtime/block-api';
import type { RedoResult } from './book';
import { Redo } from './Redo';

const t = questionErrorBook;

export interface SessionProps {
  kind: 'review' | 'redo';
  /** The questions to step through, fixed when the session starts. */
  items: readonly ErrorItem[];
  env: Pick<Env, 'call' | 'toast'>;
  /** Each scored redo (the book updates its lists and counts). */
  onResult(item: ErrorItem, result: RedoResult): void;
  /** 退出 or 返回错题本. */
  onClose(): void;
}

/** 开始复习 / 全部重做: the questions one after another with the same redo, then how many were right. */
export function Session({ kind, items, env, onResult, onClose }: SessionProps) {
  const [step, setStep] = useState(0);
  const [answered, setAnswered] = useState(0);
  const [right, setRight] = useState(0);
  const item = items[step];
  const title = kind === 'review' ? t.sessionReview : t.sessionRedo;
  const last = step >= items.length - 1;

  return (
    <section className="qeb-session" aria-label={title} data-testid="error-session">
      <header className="qeb-session-head">
        <h2>{title}</h2>
        {item ? <span className="qeb-session-step">{t.step(step + 1, items.length)}</span> : null}
        <button type="button" className="qeb-link" onClick={onClose}>
          {t.exit}
        </button>
      </header>
      {item ? (
        <Redo
          key={item.id}
          item={item}
          env={env}
          onDone={(r) => {
            setAnswered((n) => n + 1);
            if (r.is_right === 1) setRight((n) => n + 1);
            onResult(item, r);
          }}
          after={
            <button type="button" className="qeb-btn qeb-btn-primary qeb-next" onClick={() => setStep(step + 1)}>
              {last ? t.finish : t.next}
            </button>
          }
        />
      ) : (
        <div className="qeb-session-done" role="status">
          <p>{items.length ? t.sessionDone(answered, right) : t.sessionEmpty}</p>
          <button type="button" className="qeb-btn qeb-btn-primary" onClick={onClose}>
            {t.backToBook}
          </button>
        </div>
      )}
    </section>
  );
}

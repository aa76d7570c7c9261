import type { ErrorItem } from '../../contract/questions';
import { relativeTime } from '../../format/time';
import { questionCard } from '../../i18n/zh-CN/question-card';
import { questionErrorBook } from '../../i18n/zh-CN/question-error-book';
import type { Env } from '../../runtime/block-api';
import type { RedoResult } from './book';
import { Redo } from './Redo';

const t = questionErrorBook;

export interface ErrorRowProps {
  item: ErrorItem;
  open: boolean;
  graduateAfter: number;
  env: Pick<Env, 'call' | 'toast'>;
  onToggle(): void;
  onRemove(): void;
  onRedone(result: RedoResult): void;
}

/** One error: type, stem, bank · added · streak; 重做 opens the redo inline, 移除 asks first. */
export function ErrorRow({ item, open, graduateAfter, env, onToggle, onRemove, onRedone }: ErrorRowProps) {
  return (
    <li className={`qeb-item${open ? ' is-open' : ''}`} data-testid="error-item" data-id={item.id}>
      {open ? (
        <Redo item={item} env={env} onDone={onRedone} />
      ) : (
        <>
          <p className="qeb-item-type">
            <span className="qeb-tag">{questionCard.types[item.type]}</span>
            <span className="qeb-streak">{t.streak(Math.min(item.right_streak, graduateAfter), graduateAfter)}</span>
          </p>
          <p className="qeb-item-stem">{item.stem}</p>
          <p className="qeb-item-meta">
            <span className="qeb-item-bank">{item.bank_name}</span>
            <span>{t.addedAt(relativeTime(item.added_at))}</span>
          </p>
        </>
      )}
      <div className="qeb-item-actions">
        <button type="button" className={open ? 'qeb-btn' : 'qeb-btn qeb-btn-primary'} aria-expanded={open} onClick={onToggle}>
          {open ? t.collapse : t.redo}
        </button>
        <button type="button" className="qeb-btn" onClick={onRemove}>
          {t.remove}
        </button>
      </div>
    </li>
  );
}

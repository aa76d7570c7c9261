/**
 * One question, presentational: type label, the material passage (collapsible), the stem, the options as big
 * tappable rows (letter circles), 对 / 错 for judge, one input per blank for fill, and — when `result` is given —
 * the verdict with marks per option or blank, the key (正确答案) and the analysis (解析). Shared by the answering
 * module, the error book and shared questions; it holds no data and calls nothing.
 */
import { useId, useState } from 'react';
import type { QuestionItem } from '../../../contract/questions-shapes';
import { type AnswerValue, letterAt, setBlank, toggleLetter } from './answer-value';
import './question-card.css';
import { questionCard } from '../../../i18n/zh-CN/question-card';

export type { AnswerValue } from './answer-value';

export interface QuestionResult {
  is_right: number;
  right_answer: string[];
  analysis: string;
  right_letters: string[];
  missed_letters: string[];
  wrong_letters: string[];
  blanks: number[];
}

export interface QuestionCardProps {
  question: QuestionItem;
  /** 1-based position and count: shows "第 3 / 20 题" when both are given. */
  index?: number;
  total?: number;
  value: AnswerValue;
  /** Absent (or `disabled`) → read-only. */
  onChange?: (v: AnswerValue) => void;
  disabled?: boolean;
  /** The verdict, key and analysis; absent or null → none shown. */
  result?: QuestionResult | null;
}

const t = questionCard;

type Mark = 'right' | 'wrong' | 'missed' | '';

interface Choice {
  letter: string;
  circle: string;
  text: string;
}

function choicesOf(q: QuestionItem): Choice[] {
  if (q.type === 'judge')
    return [
      { letter: 'true', circle: '✓', text: t.judgeTrue },
      { letter: 'false', circle: '✕', text: t.judgeFalse },
    ];
  return q.options.map((text, i) => ({ letter: letterAt(i), circle: letterAt(i), text }));
}

/** Mark of one option under a verdict: the server's letter lists first, else the key against the answer. */
function markOf(letter: string, chosen: boolean, r: QuestionResult): Mark {
  if (r.wrong_letters.includes(letter)) return 'wrong';
  if (r.missed_letters.includes(letter)) return 'missed';
  if (r.right_letters.includes(letter)) return 'right';
  const inKey = r.right_answer.includes(letter);
  if (chosen && inKey) return 'right';
  if (chosen && !inKey) return 'wrong';
  if (!chosen && inKey) return 'missed';
  return '';
}

/** "少选": a multiple-choice answer with only right letters, but not all of them. */
export function isPartial(q: QuestionItem, r: QuestionResult, value: AnswerValue): boolean {
  if (q.type !== 'multiple' || r.is_right === 1) return false;
  if (r.wrong_letters.length > 0) return false;
  if (r.right_letters.length > 0 || r.missed_letters.length > 0) return r.right_letters.length > 0 && r.missed_letters.length > 0;
  return value.length > 0 && value.every((l) => r.right_answer.includes(l));
}

/** The key as text: letters "AC", 对 / 错, or the blanks joined. */
export function keyText(q: QuestionItem, key: readonly string[]): string {
  if (q.type === 'judge') return key[0] === 'true' ? t.judgeTrue : key[0] === 'false' ? t.judgeFalse : '';
  if (q.type === 'fill') return key.map((k, i) => (key.length > 1 ? `${t.blank(i + 1)}：${k}` : k)).join('；');
  return key.join('');
}

function Material({ text }: { text: string }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  return (
    <section className={`qc-material${open ? ' is-open' : ''}`}>
      <button type="button" className="qc-material-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className="qc-material-label">{t.material}</span>
        <span className="qc-material-action">{open ? t.materialHide : t.materialShow}</span>
      </button>
      {open && (
        <div id={id} className="qc-material-text">
          {text}
        </div>
      )}
    </section>
  );
}

function Verdict({ q, r, value }: { q: QuestionItem; r: QuestionResult; value: AnswerValue }) {
  const partial = isPartial(q, r, value);
  const kind = r.is_right === 1 ? 'right' : partial ? 'partial' : 'wrong';
  const answered = value.some((v) => v.trim() !== '');
  const title = r.is_right === 1 ? t.right : partial ? `${t.wrong}（${t.partial}）` : answered ? t.wrong : t.noAnswer;
  const mine = answered ? keyText(q, value) : t.noAnswer;
  return (
    <section className={`qc-result is-${kind}`} aria-live="polite">
      <div className="qc-verdict">
        <span className="qc-verdict-icon" aria-hidden="true">
          {kind === 'right' ? '✓' : kind === 'partial' ? '!' : '✕'}
        </span>
        <span className="qc-verdict-text">{title}</span>
      </div>
      <dl className="qc-keys">
        <div>
          <dt>{t.key}</dt>
          <dd className="qc-key">{keyText(q, r.right_answer)}</dd>
        </div>
        <div>
          <dt>{t.yourAnswer}</dt>
          <dd className={`qc-mine is-${kind}`}>{mine}</dd>
        </div>
      </dl>
      <div className="qc-analysis">
        <h4>{t.analysis}</h4>
        <p>{r.analysis.trim() || t.noAnalysis}</p>
      </div>
    </section>
  );
}

export function QuestionCard({ question: q, index, total, value, onChange, disabled, result }: QuestionCardProps) {
  const readOnly = disabled || !onChange;
  const r = result ?? null;
  const choices = choicesOf(q);
  const blanks = Math.max(1, q.blank_count);
  return (
    <article className={`qc qc-${q.type}${r ? ' has-result' : ''}`} data-question-id={q.id}>
      <header className="qc-head">
        <span className="qc-type">{t.types[q.type]}</span>
        {q.score > 0 && <span className="qc-score">{t.score(q.score)}</span>}
        {index !== undefined && total !== undefined && <span className="qc-pos">{t.position(index, total)}</span>}
      </header>
      {q.material.trim() !== '' && <Material text={q.material} />}
      <div className="qc-stem">{q.stem}</div>
      {q.type === 'fill' ? (
        <div className="qc-blanks">
          {Array.from({ length: blanks }, (_, i) => {
            const mark: Mark = r ? (r.blanks[i] === 1 ? 'right' : 'wrong') : '';
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positions
              <label key={i} className={`qc-blank${mark ? ` is-${mark}` : ''}`}>
                <span className="qc-blank-label">{t.blank(i + 1)}</span>
                <input
                  type="text"
                  className="qc-blank-input"
                  value={value[i] ?? ''}
                  placeholder={readOnly ? '' : t.blankPlaceholder}
                  readOnly={readOnly}
                  maxLength={200}
                  autoComplete="off"
                  onChange={(e) => onChange?.(setBlank(q, value, i, e.target.value))}
                />
                {mark && (
                  <span className="qc-blank-mark" role="img" aria-label={mark === 'right' ? t.markRight : t.markWrong}>
                    {mark === 'right' ? '✓' : '✕'}
                  </span>
                )}
              </label>
            );
          })}
        </div>
      ) : (
        <ul className="qc-options">
          {choices.map((c) => {
            const chosen = value.includes(c.letter);
            const raw: Mark = r ? markOf(c.letter, chosen, r) : '';
            // One key (single, judge): the key option not chosen is simply 正确答案, not 漏选.
            const mark: Mark = raw === 'missed' && q.type !== 'multiple' ? 'right' : raw;
            const markLabel =
              raw === 'missed' && q.type !== 'multiple'
                ? t.key
                : mark === 'right'
                  ? t.markRight
                  : mark === 'wrong'
                    ? t.markWrong
                    : mark === 'missed'
                      ? t.markMissed
                      : '';
            return (
              <li key={c.letter}>
                <button
                  type="button"
                  className={`qc-option${chosen ? ' is-chosen' : ''}${mark ? ` is-${mark}` : ''}`}
                  aria-pressed={chosen}
                  disabled={readOnly}
                  data-letter={c.letter}
                  onClick={() => onChange?.(toggleLetter(q, value, c.letter))}
                >
                  <span className={`qc-letter${q.type === 'multiple' ? ' is-square' : ''}`} aria-hidden="true">
                    {mark === 'right' ? '✓' : mark === 'wrong' ? '✕' : c.circle}
                  </span>
                  <span className="qc-option-text">{c.text}</span>
                  {markLabel && <span className="qc-option-mark">{markLabel}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {r && <Verdict q={q} r={r} value={value} />}
    </article>
  );
}

export default QuestionCard;

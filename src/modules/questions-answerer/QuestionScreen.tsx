/**
 * One question on screen while answering: the card, the tools (标记, 收藏, 纠错, 分享求助), the practice 提交答案
 * button (the shared SubmitAnswer, as in the error book), the offline note, and the footer (上一题 · 答题卡 · 下一题 / 完成练习 / 交卷). Swipes turn questions.
 */

import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';
import { AlertIcon, CloudOffIcon, FlagIcon, GridIcon, ShareIcon, StarIcon } from '../../runtime/icons';
import { QuestionCard } from '../shared/question-card/QuestionCard';
import { SubmitAnswer } from '../shared/question-card/SubmitAnswer';
import type { AnswererController, AnswererState } from './controller';
import { useSwipe } from './swipe';

const t = questionAnswerer;

export type Panel = 'sheet' | 'fault' | 'share' | null;

export function QuestionScreen({
  c,
  s,
  answered,
  onPanel,
  onFinish,
}: {
  c: AnswererController;
  s: AnswererState;
  answered: number;
  onPanel: (p: Panel) => void;
  onFinish: () => void;
}) {
  const swipe = useSwipe((dir) => (dir > 0 ? c.next() : c.prev()));
  const q = s.questions[s.index];
  if (!q) return null;
  const practice = s.mode === 'practice';
  const value = s.answers[q.id] ?? [];
  const sent = s.sent[q.id];
  const locked = c.locked(q.id);
  const result = practice ? (s.results[q.id] ?? null) : null;
  const needsSubmit = practice && !locked;
  const last = s.index === s.questions.length - 1;
  const marked = s.marked.includes(q.id);
  const collected = s.collected.includes(q.id);
  return (
    <>
      <div className="qa-body" {...swipe}>
        <div className="qa-card" key={q.id}>
          <QuestionCard
            question={q}
            index={s.index + 1}
            total={s.questions.length}
            value={value}
            onChange={(v) => c.change(v)}
            disabled={locked}
            result={result}
          />
          {sent === 'queued' && !result && (
            <p className="qa-note is-offline" role="status">
              <CloudOffIcon size={20} />
              {t.savedOffline}
            </p>
          )}
          {needsSubmit && (
            <SubmitAnswer
              question={q}
              value={value}
              sending={sent === 'sending'}
              onSubmit={() => void c.submit()}
              className="qa-primary qa-wide qa-submit"
            />
          )}
        </div>
        <div className="qa-tools">
          <button type="button" className={`qa-tool${marked ? ' is-on' : ''}`} aria-pressed={marked} onClick={() => c.toggleMark()}>
            <FlagIcon filled={marked} />
            {marked ? t.marked : t.mark}
          </button>
          <button
            type="button"
            className={`qa-tool${collected ? ' is-on is-star' : ''}`}
            aria-pressed={collected}
            onClick={() => void c.toggleCollect()}
          >
            <StarIcon filled={collected} />
            {collected ? t.collected : t.collect}
          </button>
          <button type="button" className="qa-tool" onClick={() => onPanel('fault')}>
            <AlertIcon size={20} />
            {t.report}
          </button>
          {practice && (
            <button type="button" className="qa-tool" onClick={() => onPanel('share')}>
              <ShareIcon />
              {t.share}
            </button>
          )}
        </div>
      </div>
      <nav className="qa-foot" aria-label={t.sheet}>
        <button type="button" className="qa-secondary" disabled={s.index === 0} onClick={c.prev}>
          {t.prev}
        </button>
        <button type="button" className="qa-sheet-button" onClick={() => onPanel('sheet')}>
          <GridIcon />
          <span>
            {t.sheet}
            <small>
              {answered}/{s.questions.length}
            </small>
          </span>
        </button>
        {last ? (
          <button type="button" className="qa-primary" disabled={s.busy} onClick={onFinish}>
            {practice ? t.finish : t.handIn}
          </button>
        ) : (
          <button type="button" className="qa-primary" onClick={c.next}>
            {t.next}
          </button>
        )}
      </nav>
    </>
  );
}

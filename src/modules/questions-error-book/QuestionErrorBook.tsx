import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorItem } from '../../contract/questions';
import { dueText } from '../../format/due-date';
import type { BlockProps } from '../../runtime/block-api';
import {
  applyRedo,
  type Counts,
  DEFAULT_GRADUATE_AFTER,
  dropItem,
  emptyList,
  firstRange,
  loadNext,
  RANGES,
  type Range,
  type RangeList,
  type RedoResult,
  type ReviewQueue,
  subjectOf,
} from './book';
import { ErrorRow } from './ErrorRow';
import type { QuestionErrorBookProps } from './props.gen';
import { Session } from './Session';
import './question-error-book.css';
import { questionErrorBook } from '../../i18n/zh-CN/question-error-book';

const t = questionErrorBook;
const REVIEW_COUNT = 50;

const emptyLists = (): Record<Range, RangeList> => ({ day: emptyList(), week: emptyList(), all: emptyList() });

/** `/question/error`: 今日复习, the 今天 / 本周 / 全部 tabs with counts, the list with redo and remove, 全部重做. */
export default function QuestionErrorBook({ props, env }: BlockProps<QuestionErrorBookProps>) {
  const pageSize = props.pageSize ?? 20;
  const subjectKey = `${props.genusId ?? ''}:${props.categoryId ?? ''}`;
  const subject = useRef(subjectOf(props.genusId, props.categoryId));
  subject.current = subjectOf(props.genusId, props.categoryId);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [review, setReview] = useState<ReviewQueue | null>(null);
  const [range, setRange] = useState<Range | null>(null);
  const [lists, setLists] = useState(emptyLists);
  const [open, setOpen] = useState<number | null>(null);
  const [graduateAfter, setGraduateAfter] = useState(DEFAULT_GRADUATE_AFTER);
  const [session, setSession] = useState<{ kind: 'review' | 'redo'; items: ErrorItem[] } | null>(null);
  const listsRef = useRef(lists);
  listsRef.current = lists;
  const busy = useRef<Record<Range, boolean>>({ day: false, week: false, all: false });

  const loadCounts = useCallback(async () => {
    const r = await env.call('question.error_count', subject.current);
    if (r.status === 0 && r.data) setCounts(r.data);
    return r.status === 0 ? r.data : null;
  }, [env]);
  const loadReview = useCallback(async () => {
    const r = await env.call('question.review_queue', { ...subject.current, count: REVIEW_COUNT });
    if (r.status === 0 && r.data) setReview(r.data);
  }, [env]);

  const loadMore = useCallback(
    async (which: Range) => {
      const cur = listsRef.current[which];
      if (busy.current[which] || cur.done) return;
      busy.current[which] = true;
      setLists((ls) => ({ ...ls, [which]: { ...ls[which], loading: true, error: '' } }));
      const next = await loadNext(env, subject.current, which, cur, pageSize);
      busy.current[which] = false;
      setLists((ls) => ({ ...ls, [which]: next }));
    },
    [env, pageSize],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload everything when the subject changes
  useEffect(() => {
    let live = true;
    setLists(emptyLists());
    listsRef.current = emptyLists();
    void loadReview();
    void loadCounts().then((c) => {
      if (live) setRange((cur) => cur ?? firstRange(c ?? null));
    });
    return () => {
      live = false;
    };
  }, [subjectKey, loadCounts, loadReview]);

  const current = range ? lists[range] : null;
  useEffect(() => {
    if (range && current && !current.loaded && !current.loading && !current.error) void loadMore(range);
  }, [range, current, loadMore]);

  // Load the next page when the footer comes near the screen.
  const footer = useRef<HTMLDivElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe again after each page (the footer may still be in view)
  useEffect(() => {
    const el = footer.current;
    if (!el || !range || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore(range);
      },
      { rootMargin: '0px 0px 30% 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [range, loadMore, current?.items.length, current?.done]);

  const refreshCounts = () => {
    void loadCounts();
    void loadReview();
  };
  const onRedone = (item: ErrorItem, r: RedoResult) => {
    setGraduateAfter(r.graduate_after || DEFAULT_GRADUATE_AFTER);
    if (r.removed === 1) {
      if (!session) {
        env.toast(t.graduated(r.right_streak));
        setLists((ls) => dropItem(ls, item.id));
        setOpen(null);
      }
      refreshCounts();
    } else {
      if (!session) setLists((ls) => applyRedo(ls, r));
      void loadReview();
    }
  };
  const onRemove = async (item: ErrorItem) => {
    const ok = await env.confirm({ text: t.removeConfirm, okText: t.removeOk, danger: true });
    if (!ok) return;
    const r = await env.call('question.error_remove', { error_id: item.id });
    if (r.status !== 0) {
      env.toast(r.msg);
      return;
    }
    env.toast(t.removed);
    setLists((ls) => dropItem(ls, item.id));
    refreshCounts();
  };
  const closeSession = () => {
    setSession(null);
    setOpen(null);
    busy.current = { day: false, week: false, all: false };
    setLists(emptyLists());
    listsRef.current = emptyLists();
    refreshCounts();
  };

  if (session)
    return (
      <div className="qeb">
        <Session kind={session.kind} items={session.items} env={env} onResult={onRedone} onClose={closeSession} />
      </div>
    );

  const due = review?.due_today ?? 0;
  const nextDue = review && review.next_due_at > 0 ? dueText(review.next_due_at) : '';
  return (
    <div className="qeb">
      <section className="qeb-review" aria-label={t.reviewTitle} data-testid="error-review">
        <div className="qeb-review-text">
          <h2>{t.reviewTitle}</h2>
          <p className="qeb-review-due">{review ? (due > 0 ? t.reviewDue(due) : t.reviewNone) : t.loading}</p>
          <p className="qeb-review-hint">{due === 0 && nextDue ? t.reviewNext(nextDue) : t.reviewHint}</p>
        </div>
        <button
          type="button"
          className="qeb-btn qeb-btn-primary qeb-review-start"
          disabled={!review || review.items.length === 0}
          onClick={() => review && setSession({ kind: 'review', items: review.items })}
        >
          {t.startReview}
        </button>
      </section>

      <div className="qeb-tabs" role="tablist" aria-label={t.tabLabel}>
        {RANGES.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={range === k}
            className="qeb-tab"
            data-range={k}
            onClick={() => setRange(k)}
          >
            {t.tabs[k]}
            <span className="qeb-tab-count">{counts ? counts[k] : '–'}</span>
          </button>
        ))}
      </div>

      {range && current ? (
        <section className="qeb-list" role="tabpanel" aria-label={t.tabs[range]}>
          {current.items.length > 0 ? (
            <div className="qeb-list-head">
              <span>{t.tabs[range]}</span>
              <button type="button" className="qeb-link" onClick={() => setSession({ kind: 'redo', items: current.items })}>
                {t.redoAll}
              </button>
            </div>
          ) : null}
          <ul className="qeb-items">
            {current.items.map((item) => (
              <ErrorRow
                key={item.id}
                item={item}
                open={open === item.id}
                graduateAfter={graduateAfter}
                env={env}
                onToggle={() => setOpen(open === item.id ? null : item.id)}
                onRemove={() => void onRemove(item)}
                onRedone={(r) => onRedone(item, r)}
              />
            ))}
          </ul>
          {current.loaded && current.items.length === 0 && current.done ? (
            <div className="qeb-empty" role="status">
              <p className="qeb-empty-title">{t.empty[range]}</p>
              <p className="qeb-empty-text">{t.emptyText}</p>
              <button type="button" className="qeb-btn qeb-btn-primary" onClick={() => env.navigate('/study/list/question')}>
                {t.goPractice}
              </button>
            </div>
          ) : (
            <div className="qeb-footer" ref={footer}>
              {current.error ? (
                <button type="button" className="qeb-link" onClick={() => void loadMore(range)}>
                  {`${current.error}，${t.retry}`}
                </button>
              ) : current.done ? (
                <span>{t.allLoaded}</span>
              ) : current.loading ? (
                <span>{t.loading}</span>
              ) : (
                <button type="button" className="qeb-link" onClick={() => void loadMore(range)}>
                  {t.loadMore}
                </button>
              )}
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}

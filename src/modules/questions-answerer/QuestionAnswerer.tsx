/**
 * The question-answering module (`/question/answer/:bankId/:reset?`): picks the screen for the controller's phase
 * (loading, refusal, exam start, answering, report), hosts the sheets, and wires the page's events (network back,
 * arrow keys). `reset` clears the records first and replaces the route, so a reload does not clear again.
 * The header's ‹ 退出 leaves for the bank's page keeping everything given (asks first when a practice answer is not
 * 提交 yet, and for a running paper, which is not handed in and whose clock keeps running); its 答题设置 holds
 * 答对自动下一题.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { BackIcon, LockIcon } from '../../runtime/icons';
import { AnswerSheet } from './AnswerSheet';
import { AnswererController, type AnswererState } from './controller';
import { forgetBank } from './device';
import { ExamBar, ExamStart } from './ExamBar';
import { FaultSheet } from './FaultSheet';
import { answeredCount, clock, exitPrompt, sheetCells, unansweredCount } from './model';
import type { QuestionAnswererProps } from './props.gen';
import { type Panel, QuestionScreen } from './QuestionScreen';
import { dropQueued } from './queue';
import { ReportView } from './ReportView';
import { SettingsIcon, SettingsSheet } from './SettingsSheet';
import { ShareSheet } from './ShareSheet';
import './question-answerer.css';
import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';

const t = questionAnswerer;

export function toId(v: unknown): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function Message({ text, action, onAction, icon }: { text: string; action?: string; onAction?: () => void; icon?: boolean }) {
  return (
    <div className="qa-message" role={icon ? undefined : 'status'}>
      {icon && (
        <span className="qa-message-icon">
          <LockIcon size={20} strokeWidth={1.8} />
        </span>
      )}
      {icon && <h2>{t.buyTitle}</h2>}
      <p>{text}</p>
      {action && (
        <button type="button" className="qa-primary" onClick={onAction}>
          {action}
        </button>
      )}
    </div>
  );
}

export default function QuestionAnswerer({ props, env }: BlockProps<QuestionAnswererProps>) {
  const bankId = toId(props.bankId);
  const reset = props.reset !== undefined && props.reset !== null && String(props.reset) !== '';
  const c = useMemo(() => new AnswererController(env, bankId), [env, bankId]);
  const s = useSyncExternalStore(c.subscribe, c.getState, c.getState);
  const [panel, setPanel] = useState<Panel | 'settings'>(null);

  useEffect(() => {
    if (!bankId) return;
    if (!reset) {
      void c.load();
      return () => c.dispose();
    }
    let live = true;
    forgetBank(env.storage, bankId, Date.now());
    void dropQueued(env, bankId)
      .then(() => env.call('question.clear_record', { bank_id: bankId }))
      .then((r) => {
        if (r.status !== 0) env.toast(r.msg);
        if (live) env.navigate(`/question/answer/${bankId}`, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [c, env, bankId, reset]);

  useEffect(() => {
    const online = () => void c.flush();
    globalThis.addEventListener?.('online', online);
    return () => globalThis.removeEventListener?.('online', online);
  }, [c]);

  const answering = s.phase === 'answering';
  useEffect(() => {
    if (!answering || panel) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest?.('input, textarea')) return;
      if (e.key === 'ArrowRight') c.next();
      else if (e.key === 'ArrowLeft') c.prev();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [c, answering, panel]);

  const back = useCallback(
    () => env.navigate(s.topBankId ? `/question/child_list/${s.topBankId}` : '/study/list/question'),
    [env, s.topBankId],
  );
  const finish = useCallback(async () => {
    const st = c.getState();
    const left = unansweredCount(st);
    if (st.mode === 'exam') {
      const ok = await env.confirm({ text: t.handInConfirm(left), okText: t.handInOk, cancelText: t.handInCancel });
      if (!ok) return;
    } else if (left > 0) {
      const ok = await env.confirm({ text: t.finishConfirm(left), okText: t.finishOk, cancelText: t.handInCancel });
      if (!ok) return;
    }
    await c.finish();
  }, [c, env]);
  /** 退出: asks when something would be lost or misunderstood, saves, and goes to the bank's page. */
  const exit = useCallback(async () => {
    const st = c.getState();
    const ask = exitPrompt(st);
    if (ask !== 'none') {
      const text = ask === 'exam' ? t.exitExamConfirm(clock(c.secondsLeft())) : t.exitDraftConfirm;
      const ok = await env.confirm({ text, okText: t.exitOk, cancelText: t.exitCancel });
      if (!ok) return;
    }
    await c.exit();
    if (ask === 'none' && st.phase === 'answering' && answeredCount(st) > 0) env.toast(t.exitSaved);
    back();
  }, [c, env, back]);
  const secondsLeft = useCallback(() => c.secondsLeft(), [c]);
  const timeUp = useCallback(() => void c.timeUp(), [c]);

  if (!bankId) return <Message text={i18n.loadError.notFound} action={t.back} onAction={back} />;
  if (reset) return <Message text={t.resetting} />;
  return (
    <div className={`qa qa-${s.mode} qa-phase-${s.phase}`} data-testid="question-answerer">
      <div className="qa-top">
        <Header s={s} onExit={() => void exit()} onSettings={s.mode === 'practice' && answering ? () => setPanel('settings') : undefined} />
        {answering && s.mode === 'exam' && (
          <ExamBar secondsLeft={secondsLeft} onTimeUp={timeUp} onHandIn={() => void finish()} busy={s.busy} />
        )}
      </div>
      {s.phase === 'loading' && <Message text={t.loading} />}
      {s.phase === 'error' &&
        (s.missing ? (
          <Message text={s.message} action={t.back} onAction={back} />
        ) : (
          <Message text={s.message || t.loadFailed} action={t.retry} onAction={() => void c.load()} />
        ))}
      {s.phase === 'locked' && <Message icon text={s.message} action={t.buyButton} onAction={back} />}
      {s.phase === 'empty' && <Message text={t.empty} action={t.back} onAction={back} />}
      {s.phase === 'exam-start' && s.bank && (
        <ExamStart
          name={s.bank.name}
          minutes={s.bank.exam_minutes}
          count={s.questions.length}
          fullScore={s.questions.reduce((n, q) => n + q.score, 0)}
          busy={s.busy}
          onStart={() => void c.startExam()}
        />
      )}
      {answering && <QuestionScreen c={c} s={s} answered={answeredCount(s)} onPanel={setPanel} onFinish={() => void finish()} />}
      {s.phase === 'report' && s.report && (
        <ReportView
          report={s.report}
          questions={s.questions}
          name={s.bank?.name ?? ''}
          onRedo={() => env.navigate(`/question/answer/${bankId}/reset`)}
          onBack={back}
        />
      )}
      {answering && panel === 'sheet' && (
        <AnswerSheet
          cells={sheetCells(s)}
          practice={s.mode === 'practice'}
          busy={s.busy}
          onFinish={() => {
            setPanel(null);
            void finish();
          }}
          onClose={() => setPanel(null)}
          onPick={(i) => {
            setPanel(null);
            c.go(i);
          }}
        />
      )}
      {answering && panel === 'fault' && c.current && <FaultSheet env={env} questionId={c.current.id} onClose={() => setPanel(null)} />}
      {answering && panel === 'share' && c.current && <ShareSheet env={env} questionId={c.current.id} onClose={() => setPanel(null)} />}
      {answering && panel === 'settings' && (
        <SettingsSheet
          autoAdvance={s.autoAdvance}
          onAutoAdvance={(on) => {
            c.setAutoAdvance(on);
            env.toast(on ? t.autoAdvanceOn : t.autoAdvanceOff);
          }}
          onClose={() => setPanel(null)}
        />
      )}
    </div>
  );
}

/** ‹ 退出, the bank's name, 已答 n/N, 答题设置 (practice) and the progress bar. */
function Header({ s, onExit, onSettings }: { s: AnswererState; onExit: () => void; onSettings?: () => void }) {
  if (!s.bank || (s.phase !== 'answering' && s.phase !== 'exam-start')) return null;
  const total = s.questions.length;
  const done = answeredCount(s);
  return (
    <header className="qa-head">
      <div className="qa-head-row">
        <button type="button" className="qa-exit" aria-label={t.exitLabel} onClick={onExit} disabled={s.busy}>
          <BackIcon size={20} />
          <span>{t.exit}</span>
        </button>
        <h1 className="qa-title">{s.bank.name}</h1>
        {s.phase === 'answering' && <span className="qa-count">{t.answered(done, total)}</span>}
        {onSettings && (
          <button type="button" className="qa-icon-button" aria-label={t.settings} title={t.settings} onClick={onSettings}>
            <SettingsIcon />
          </button>
        )}
      </div>
      {s.phase === 'answering' && (
        <div
          className="qa-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-label={t.answered(done, total)}
        >
          <i style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
        </div>
      )}
    </header>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { ConsultView } from '../../contract/questions';
import { relativeTime } from '../../format/time';
import { type BlockProps, useCurrentPath } from '../../runtime/block-api';
import { type AnswerValue, isAnswerComplete } from '../shared/question-card/answer-value';
import { QuestionCard } from '../shared/question-card/QuestionCard';
import type { QuestionShareProps } from './props.gen';
import { type Answered, answerOf, answerText, type Loaded, loadShare, loginPath, modeOf, submitAnswer } from './share';
import './question-share.css';
import { questionShare } from '../../i18n/zh-CN/question-share';

const t = questionShare;

function Avatar({ src, name }: { src: string; name: string }) {
  return src ? (
    <img className="qs-avatar" src={src} alt="" width={40} height={40} />
  ) : (
    <span className="qs-avatar qs-avatar-text" aria-hidden="true">
      {(name || t.someone).slice(0, 1)}
    </span>
  );
}

export function Answers({ view }: { view: ConsultView }) {
  return (
    <section className="qs-answers" aria-label={t.answersTitle} data-testid="share-answers">
      <h2>
        {t.answersTitle}
        <span>{t.counts(view.answer_count, view.right_count)}</span>
      </h2>
      {view.answers.length === 0 ? (
        <p className="qs-none">{t.noAnswers}</p>
      ) : (
        <ul>
          {view.answers.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers carry no id; the list is replaced as a whole
            <li key={i} className="qs-answer" data-testid="share-answer">
              <Avatar src={a.avatar} name={a.nickname} />
              <div className="qs-answer-main">
                <p className="qs-answer-name">{a.nickname || t.someone}</p>
                <p className="qs-answer-text">
                  {t.answerOf(answerText(view.question.type, a.answer))} · {relativeTime(a.created_at)}
                </p>
              </div>
              <span className={`qs-verdict ${a.is_right === 1 ? 'is-right' : 'is-wrong'}`}>{a.is_right === 1 ? t.right : t.wrong}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/question/share/:consultId`: a friend's question to answer once; the sharer sees who answered how. */
export default function QuestionShare({ props, env, scope }: BlockProps<QuestionShareProps>) {
  const id = String(props.consultId ?? '');
  const path = useCurrentPath();
  const hasLogin = (scope.auth as { hasLogin?: boolean } | undefined)?.hasLogin === true;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [value, setValue] = useState<AnswerValue>([]);
  const [result, setResult] = useState<Answered | null>(null);
  const [sending, setSending] = useState(false);

  const load = useCallback(async () => {
    const l = await loadShare(env, id);
    setLoaded(l);
    if (l.kind === 'ok' && l.view.my_answer) setValue(answerOf(l.view));
  }, [env, id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the login state changes (my_answer, is_mine)
  useEffect(() => {
    void load();
  }, [load, hasLogin]);

  if (!loaded) return <div className="qs qs-loading" aria-busy="true" />;
  if (loaded.kind !== 'ok')
    return (
      <div className="qs qs-state" role="status" data-testid="share-missing">
        <svg className="qs-state-icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
          <rect x="14" y="8" width="36" height="48" rx="5" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M26 26a6 6 0 1 1 8.5 5.5c-1.7.8-2.5 2-2.5 3.8V37"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
          />
          <circle cx="32" cy="44" r="2" fill="currentColor" />
        </svg>
        <p className="qs-state-title">{loaded.kind === 'gone' ? t.notFoundTitle : t.loadFailed}</p>
        <p className="qs-state-text">{loaded.kind === 'gone' ? t.notFoundText : loaded.msg}</p>
        {loaded.kind === 'gone' ? (
          <button type="button" className="qs-btn qs-btn-primary" onClick={() => env.navigate('/')}>
            {t.goHome}
          </button>
        ) : (
          <button type="button" className="qs-btn qs-btn-primary" onClick={() => void load()}>
            {t.retry}
          </button>
        )}
      </div>
    );

  const view = loaded.view;
  const mode = result ? 'answered' : modeOf(view, hasLogin);
  const shown = result ?? view.my_answer;
  const submit = async () => {
    if (sending || !isAnswerComplete(view.question, value)) return;
    setSending(true);
    const r = await submitAnswer(env, id, value);
    setSending(false);
    if (!r.ok) {
      env.toast(r.msg);
      return;
    }
    if (r.result.already === 1) env.toast(t.already);
    setValue(answerOf({ question: view.question, my_answer: r.result }));
    setResult(r.result);
  };

  return (
    <div className="qs">
      <header className="qs-sharer">
        <Avatar src={view.sharer.avatar} name={view.sharer.nickname} />
        <div className="qs-sharer-text">
          <p className="qs-asks">{t.asks(view.sharer.nickname || t.someone)}</p>
          <p className="qs-bank">
            {t.bank(view.bank_name)} · {relativeTime(view.created_at)}
          </p>
        </div>
      </header>
      <div className="qs-card">
        <QuestionCard
          question={view.question}
          value={value}
          onChange={mode === 'answer' || mode === 'login' ? setValue : undefined}
          disabled={mode === 'answered' || mode === 'mine'}
          result={shown}
        />
        {mode === 'answer' ? (
          <button
            type="button"
            className="qs-btn qs-btn-primary qs-submit"
            disabled={sending || !isAnswerComplete(view.question, value)}
            onClick={submit}
          >
            {sending ? t.submitting : t.submit}
          </button>
        ) : null}
        {mode === 'login' ? (
          <div className="qs-login">
            <p>{t.loginHint}</p>
            <button
              type="button"
              className="qs-btn qs-btn-primary qs-submit"
              onClick={() => env.navigate(loginPath(props.returnPath || path))}
            >
              {t.loginToAnswer}
            </button>
          </div>
        ) : null}
        {mode === 'answered' && !result ? <p className="qs-note">{t.already}</p> : null}
        {mode === 'mine' && view.answers.length === 0 ? <p className="qs-note">{t.mineHint}</p> : null}
      </div>
      {mode === 'mine' ? (
        <>
          <Answers view={view} />
          <button
            type="button"
            className="qs-btn qs-btn-primary qs-submit"
            onClick={() => void env.share({ title: t.shareTitle, desc: view.question.stem.slice(0, 60), link: path })}
          >
            {t.shareAgain}
          </button>
        </>
      ) : (
        <p className="qs-counts">{t.counts(view.answer_count, view.right_count)}</p>
      )}
      {mode === 'answered' ? (
        <button type="button" className="qs-btn qs-more" onClick={() => env.navigate('/study/list/question')}>
          {t.practiceMore}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The report after 完成练习 / 交卷: score of full score, right / answered / count, time spent, a grid of question
 * numbers coloured right / wrong / unanswered; a number opens that question read-only with its verdict, key and
 * analysis. 重新练习 clears the records (route …/reset), 返回题库 goes to the bank.
 */
import { useState } from 'react';
import type { BankReport, QuestionItem } from '../../contract/questions-shapes';
import { duration } from '../../format/time';
import { questionAnswerer } from '../../i18n/zh-CN/question-answerer';
import { normaliseAnswer } from '../shared/question-card/answer-value';
import { QuestionCard } from '../shared/question-card/QuestionCard';
import { reviewResult, reviewStatus } from './model';

const t = questionAnswerer;

export function ReportView({
  report,
  questions,
  name,
  onRedo,
  onBack,
}: {
  report: BankReport;
  questions: readonly QuestionItem[];
  name: string;
  onRedo: () => void;
  onBack: () => void;
}) {
  const [review, setReview] = useState<number | null>(null);
  const exam = report.mode === 'exam';
  if (review !== null) {
    const q = questions[review];
    const item = q ? report.review.find((r) => r.question_id === q.id) : undefined;
    if (q)
      return (
        <section className="qa-review">
          <div className="qa-review-bar">
            <button type="button" className="qa-link" onClick={() => setReview(null)}>
              ‹ {t.reviewBack}
            </button>
          </div>
          <div className="qa-review-card">
            <QuestionCard
              question={q}
              index={review + 1}
              total={questions.length}
              value={item ? normaliseAnswer(q, item.answer) : []}
              result={item ? reviewResult(item) : null}
              disabled
            />
          </div>
          <div className="qa-foot qa-foot-static">
            <button type="button" className="qa-secondary" disabled={review === 0} onClick={() => setReview(review - 1)}>
              {t.prev}
            </button>
            <button type="button" className="qa-secondary" disabled={review >= questions.length - 1} onClick={() => setReview(review + 1)}>
              {t.next}
            </button>
          </div>
        </section>
      );
  }
  const rate = report.answered > 0 ? Math.round((report.right / report.answered) * 100) : 0;
  return (
    <section className="qa-report" aria-label={exam ? t.examReport : t.practiceReport}>
      <div className="qa-report-hero">
        <p className="qa-report-kind">{exam ? t.examReport : t.practiceReport}</p>
        <h2 className="qa-report-name">{name}</h2>
        <div className="qa-score" data-testid="report-score">
          <b>{report.score}</b>
          <span>/ {report.full_score}</span>
        </div>
        <p className="qa-report-full">{t.scoreOf(report.full_score)}</p>
        {report.auto_handed_in === 1 && <p className="qa-report-auto">{t.autoHandedIn}</p>}
      </div>
      <dl className="qa-stats">
        <div>
          <dt>{t.statRight}</dt>
          <dd>{report.right}</dd>
        </div>
        <div>
          <dt>{t.statAnswered}</dt>
          <dd>
            {report.answered}
            <small>/{report.question_count}</small>
          </dd>
        </div>
        <div>
          <dt>{t.statRate}</dt>
          <dd>
            {rate}
            <small>%</small>
          </dd>
        </div>
        <div>
          <dt>{t.statTime}</dt>
          <dd className="qa-stat-time">{duration(report.duration)}</dd>
        </div>
      </dl>
      <div className="qa-report-grid">
        <h3>{t.reviewGrid}</h3>
        <ul className="qa-legend">
          {(['right', 'wrong', 'unanswered'] as const).map((k) => (
            <li key={k}>
              <span className={`qa-legend-dot is-${k}`} aria-hidden="true" />
              {t.sheetLegend[k]}
            </li>
          ))}
        </ul>
        <ol className="qa-grid">
          {questions.map((q, i) => {
            const s = reviewStatus(report, q.id);
            return (
              <li key={q.id}>
                <button
                  type="button"
                  className={`qa-cell is-${s}`}
                  data-status={s}
                  aria-label={`${i + 1} ${t.sheetLegend[s]}`}
                  onClick={() => setReview(i)}
                >
                  {i + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </div>
      <div className="qa-report-actions">
        <button type="button" className="qa-secondary" onClick={onBack}>
          {t.back}
        </button>
        <button type="button" className="qa-primary" onClick={onRedo}>
          {t.redo}
        </button>
      </div>
    </section>
  );
}

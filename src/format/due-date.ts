import { questionErrorBook } from '../i18n/zh-CN/question-error-book';

/** When an error-book question is next due for review, as the page says it (China calendar days). */

const t = questionErrorBook;

/** The China calendar day of unix seconds (days since 1970-01-01 in UTC+8). */
function chinaDay(seconds: number): number {
  return Math.floor((seconds + 8 * 3600) / 86400);
}

/** A due time (unix seconds) → 今天 (due or overdue), 明天, 'N 天后'; '' for 0 (no due date, e.g. removed). */
export function dueText(dueAt: number, nowMs = Date.now()): string {
  if (!Number.isFinite(dueAt) || dueAt <= 0) return '';
  const days = chinaDay(dueAt) - chinaDay(Math.floor(nowMs / 1000));
  if (days <= 0) return t.dueToday;
  if (days === 1) return t.dueTomorrow;
  return t.dueDays(days);
}

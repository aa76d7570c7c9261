/**
 * Spaced review of the error book (beyond the spec): each redo of an error is a review on an FSRS card
 * (ts-fsrs). A right redo rates Good, a wrong one Again; the card's next due time decides when the question is
 * back in 今日复习. Pure: the card travels as JSON in `question_errors.fsrs`.
 */
import { type Card, createEmptyCard, fsrs, Rating } from 'ts-fsrs';

/** Short-term learning steps off: a redo schedules whole days, so "due today" means a question for today. */
const scheduler = fsrs({ enable_fuzz: false, enable_short_term: false, request_retention: 0.9 });

export interface ScheduledReview {
  /** Unix seconds of the next review. */
  dueAt: number;
  reps: number;
  /** The card to store. */
  fsrs: string;
}

function cardOf(json: string, now: Date): Card {
  if (json === '') return createEmptyCard(now);
  const raw = JSON.parse(json) as Card & { due: string; last_review?: string };
  return { ...raw, due: new Date(raw.due), last_review: raw.last_review ? new Date(raw.last_review) : undefined };
}

/** The card after one review at `nowSeconds`: right → Good, wrong → Again. */
export function scheduleReview(cardJson: string, nowSeconds: number, right: boolean): ScheduledReview {
  const now = new Date(nowSeconds * 1000);
  const { card } = scheduler.next(cardOf(cardJson, now), now, right ? Rating.Good : Rating.Again);
  return { dueAt: Math.floor(card.due.getTime() / 1000), reps: card.reps, fsrs: JSON.stringify(card) };
}

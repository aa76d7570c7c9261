/**
 * What the module keeps in env.storage: per bank the current question (resume after a reload or 退出) and the marks
 * (标记); for every bank the learner's setting 答对自动下一题 (off unless they turned it on).
 */
import type { KeyValueStore } from '../../runtime/block-api';
import type { StoredPlace } from './model';

const placeKey = (bankId: number) => `questionAnswerer.place.${bankId}`;
const marksKey = (bankId: number) => `questionAnswerer.marks.${bankId}`;
const AUTO_ADVANCE_KEY = 'questionAnswerer.autoAdvance';

/** 答对自动下一题: true only when the learner turned it on (a right answer then moves on after a moment). */
export function storedAutoAdvance(storage: KeyValueStore): boolean {
  return storage.getJson<unknown>(AUTO_ADVANCE_KEY, false) === true;
}
export function keepAutoAdvance(storage: KeyValueStore, on: boolean): void {
  if (on) storage.setJson(AUTO_ADVANCE_KEY, true);
  else storage.remove(AUTO_ADVANCE_KEY);
}

export function storedPlace(storage: KeyValueStore, bankId: number): StoredPlace | null {
  const p = storage.getJson<StoredPlace | null>(placeKey(bankId), null);
  return p && Number.isInteger(p.index) && Number.isInteger(p.questionId) && typeof p.at === 'number' ? p : null;
}
export function keepPlace(storage: KeyValueStore, bankId: number, place: StoredPlace): void {
  storage.setJson(placeKey(bankId), place);
}
export function storedMarks(storage: KeyValueStore, bankId: number): number[] {
  const list = storage.getJson<unknown>(marksKey(bankId), []);
  return Array.isArray(list) ? list.filter((n): n is number => Number.isInteger(n)) : [];
}
export function keepMarks(storage: KeyValueStore, bankId: number, marks: readonly number[]): void {
  if (marks.length === 0) storage.remove(marksKey(bankId));
  else storage.setJson(marksKey(bankId), marks);
}
/**
 * 重新练习: the bank starts over on this device too — no marks, and the first question (a place newer than the
 * server's last answer, so that is not where it resumes).
 */
export function forgetBank(storage: KeyValueStore, bankId: number, nowMs: number): void {
  storage.setJson(placeKey(bankId), { index: 0, questionId: 0, at: nowMs } satisfies StoredPlace);
  storage.remove(marksKey(bankId));
}

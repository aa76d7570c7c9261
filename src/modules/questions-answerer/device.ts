/** What the module keeps in env.storage per bank: the current question (resume after a reload) and the marks (标记). */
import type { KeyValueStore } from '../../runtime/block-api';
import type { StoredPlace } from './model';

const placeKey = (bankId: number) => `questionAnswerer.place.${bankId}`;
const marksKey = (bankId: number) => `questionAnswerer.marks.${bankId}`;

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

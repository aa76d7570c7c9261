import { proxy, subscribe } from 'valtio';
import { STORAGE_KEYS, setSiteCookie, storage } from '../platform/storage';

export interface ExamContext {
  genus_id: number | null;
  category_id: number | null;
  category_name: string;
}

const saved = storage.getJson<Partial<ExamContext>>(STORAGE_KEYS.examContext, {});

/** The selected subject; persisted so it survives reloads. */
export const examContext = proxy<ExamContext>({
  genus_id: typeof saved.genus_id === 'number' ? saved.genus_id : null,
  category_id: typeof saved.category_id === 'number' ? saved.category_id : null,
  category_name: typeof saved.category_name === 'string' ? saved.category_name : '',
});

/**
 * The subject as the server may know it (`bk_exam=<genus_id>.<category_id>`): it answers the first screen's sources
 * in the HTML for that subject (src/server/client/first-screen-data.ts). Kept next to the storage, from the start.
 */
function writeExamCookie(): void {
  const { genus_id, category_id } = examContext;
  setSiteCookie('bk_exam', genus_id !== null && category_id !== null ? `${genus_id}.${category_id}` : null);
}
writeExamCookie();

subscribe(examContext, () => {
  storage.setJson(STORAGE_KEYS.examContext, { ...examContext });
  writeExamCookie();
});

export interface SubjectChoice {
  genusId: number;
  categoryId: number;
  name: string;
}

const HISTORY_KEY = 'beikao.category_history';
const HISTORY_MAX = 10;

/** Chosen subjects, newest first, without duplicates. */
export function subjectHistory(): SubjectChoice[] {
  const list = storage.getJson<unknown>(HISTORY_KEY, []);
  return Array.isArray(list)
    ? list.filter((c): c is SubjectChoice => Boolean(c && typeof c.genusId === 'number' && typeof c.categoryId === 'number'))
    : [];
}

/** Sets the exam context and moves the choice to the front of the stored, deduplicated history. */
export function selectSubject(genusId: number, categoryId: number, name: string): void {
  examContext.genus_id = genusId;
  examContext.category_id = categoryId;
  examContext.category_name = name;
  const rest = subjectHistory().filter((c) => !(c.genusId === genusId && c.categoryId === categoryId));
  storage.setJson(HISTORY_KEY, [{ genusId, categoryId, name }, ...rest].slice(0, HISTORY_MAX));
}

/** Subject gating: with no subject selected, choose the first history entry; false when there is none. */
export function pickFromHistory(): boolean {
  const first = subjectHistory()[0];
  if (!first) return false;
  selectSubject(first.genusId, first.categoryId, first.name);
  return true;
}

export { CATEGORY_ROUTE } from '../contract/subject-route';

/** The error book's rules, apart from React: the subject filter, paging by last_id, merging, updates after a redo. */
import type { ErrorItem, QuestionItem } from '../../contract/questions';
import { questionErrorBook } from '../../i18n/zh-CN/question-error-book';
import type { Env, OutputOfId } from '../../runtime/block-api';

const t = questionErrorBook;

export type Range = 'day' | 'week' | 'all';
export const RANGES: readonly Range[] = ['day', 'week', 'all'];
export type Counts = OutputOfId<'question.error_count'>;
export type RedoResult = OutputOfId<'question.error_answer'>;
export type ReviewQueue = OutputOfId<'question.review_queue'>;
/** Right redos in a row after which a question leaves the book, until a reply says otherwise (spec: 3). */
export const DEFAULT_GRADUATE_AFTER = 3;

/** One tab's list: what is shown, whether everything is held, the last failure. */
export interface RangeList {
  items: ErrorItem[];
  loading: boolean;
  /** At least one page arrived. */
  loaded: boolean;
  done: boolean;
  error: string;
}

export const emptyList = (): RangeList => ({ items: [], loading: false, loaded: false, done: false, error: '' });

export interface Subject {
  genus_id?: number;
  category_id?: number;
}

/** A positive integer id from a prop (`${exam.genus_id}` may arrive as text), or undefined. */
export function idOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The subject filter: both ids, or neither (every subject). */
export function subjectOf(genusId: unknown, categoryId: unknown): Subject {
  const g = idOf(genusId);
  const c = idOf(categoryId);
  return g && c ? { genus_id: g, category_id: c } : {};
}

/** The tab to open first: the narrowest range holding something, else 全部. */
export function firstRange(counts: Counts | null): Range {
  if (counts && counts.day > 0) return 'day';
  if (counts && counts.week > 0) return 'week';
  return 'all';
}

/** An error-book item as the question card draws it (no key in it: the card shows the key only from a verdict). */
export function asQuestion(item: ErrorItem): QuestionItem {
  return {
    id: item.question_id,
    type: item.type,
    stem: item.stem,
    options: item.options,
    score: 0,
    material: item.material,
    material_id: 0,
    blank_count: item.type === 'fill' ? Math.max(1, item.right_answer.length) : 0,
  };
}

/** Items of `next` not already in `list` (by id) appended to it: pages never repeat a question. */
export function mergeById<T extends { id: number }>(list: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(list.map((x) => x.id));
  const out = [...list];
  for (const x of next) {
    if (seen.has(x.id)) continue;
    seen.add(x.id);
    out.push(x);
  }
  return out;
}

/** The cursor for the next page: the id of the last item held (0 for the first page). */
export function lastIdOf(items: readonly { id: number }[]): number {
  return items.length ? (items[items.length - 1] as { id: number }).id : 0;
}

/** Loads the page after `list` and answers the new list state (never throws). */
export async function loadNext(
  env: Pick<Env, 'call'>,
  subject: Subject,
  range: Range,
  list: RangeList,
  pageSize: number,
): Promise<RangeList> {
  const r = await env.call('question.error_list', { ...subject, range, last_id: lastIdOf(list.items), count: pageSize });
  if (r.status !== 0 || !Array.isArray(r.data)) return { ...list, loading: false, error: r.msg || t.loadFailed };
  const items = mergeById(list.items, r.data);
  // A short page, or one with nothing new (a cursor that does not move), ends the list.
  const done = r.data.length < pageSize || items.length === list.items.length;
  return { items, loading: false, loaded: true, done, error: '' };
}

/** Every tab without the item (a question removed or graduated). */
export function dropItem(lists: Record<Range, RangeList>, errorId: number): Record<Range, RangeList> {
  const out = { ...lists };
  for (const k of RANGES) out[k] = { ...lists[k], items: lists[k].items.filter((x) => x.id !== errorId) };
  return out;
}

/** Every tab with the item's streak and due time as a redo left them. */
export function applyRedo(
  lists: Record<Range, RangeList>,
  r: Pick<RedoResult, 'error_id' | 'right_streak' | 'due_at'>,
): Record<Range, RangeList> {
  const out = { ...lists };
  for (const k of RANGES)
    out[k] = {
      ...lists[k],
      items: lists[k].items.map((x) => (x.id === r.error_id ? { ...x, right_streak: r.right_streak, due_at: r.due_at } : x)),
    };
  return out;
}

/** What a redo tells the user besides the card's verdict. */
export function redoMessage(r: Pick<RedoResult, 'is_right' | 'removed' | 'right_streak' | 'graduate_after'>): string {
  if (r.removed === 1) return t.graduated(r.right_streak);
  if (r.is_right === 1) return t.streakRight(r.right_streak, r.graduate_after);
  return t.streakReset;
}

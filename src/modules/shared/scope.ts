import type { Scope } from '../../runtime/block-api';

/** The chosen subject as the page host puts it into the scope (`scope.exam`); nulls until one is chosen. */
export interface ExamScope {
  genus_id: number | null;
  category_id: number | null;
  category_name: string;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const idOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** `scope.exam`, typed (missing or malformed fields read as "not chosen"). */
export function examOf(scope: Scope): ExamScope {
  const exam = record(scope.exam);
  return {
    genus_id: idOrNull(exam.genus_id),
    category_id: idOrNull(exam.category_id),
    category_name: typeof exam.category_name === 'string' ? exam.category_name : '',
  };
}

/** A route param (`scope.route`) or query value (`scope.query`) as a string, or undefined when absent. */
export function scopeText(scope: Scope, part: 'route' | 'query', name: string): string | undefined {
  const v = record(scope[part])[name];
  return typeof v === 'string' ? v : undefined;
}

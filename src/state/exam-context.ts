import { proxy, subscribe } from 'valtio';
import { STORAGE_KEYS, storage } from '../platform/storage';

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

subscribe(examContext, () => storage.setJson(STORAGE_KEYS.examContext, { ...examContext }));

export function selectSubject(genusId: number, categoryId: number, name: string): void {
  examContext.genus_id = genusId;
  examContext.category_id = categoryId;
  examContext.category_name = name;
}

import { renderTemplate, resolveDeep, type Scope } from '../../runtime/block-api';
import type { GridProps } from './props.gen';

/** One entry as the schema declares it (plus whatever extra fields data-bound entries carry). */
export type GridEntry = Exclude<GridProps['items'], string>[number] & { [k: string]: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The entries to draw. `items` is raw: a template (e.g. ${data.entries}) gives data, used as is;
 * a literal array gets its templates resolved against the page scope (with `index`), except
 * `actions`, which stay raw until tapped. Entries without a title are dropped.
 */
export function gridItems(items: unknown, scope: Scope): GridEntry[] {
  let list: unknown = items;
  let literal = Array.isArray(items);
  if (typeof items === 'string') {
    try {
      list = renderTemplate(items, scope);
    } catch {
      list = undefined;
    }
    literal = false;
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw, index): GridEntry[] => {
    if (!isObject(raw)) return [];
    let entry = raw;
    if (literal) {
      const { actions, ...rest } = raw;
      try {
        entry = { ...(resolveDeep(rest, { ...scope, index }) as Record<string, unknown>), ...(actions ? { actions } : {}) };
      } catch {
        entry = raw;
      }
    }
    const title = typeof entry.title === 'string' || typeof entry.title === 'number' ? String(entry.title) : '';
    return title ? [{ ...entry, title, icon: typeof entry.icon === 'string' ? entry.icon : '' }] : [];
  });
}

/** An icon that is an image address (http(s), protocol-relative, site path or data:image), not a text badge. */
export function isImageIcon(icon: string): boolean {
  return /^(https?:)?\/\//i.test(icon) || icon.startsWith('/') || /^data:image\//i.test(icon);
}

/** Column count clamped to 2–5 (default 4). */
export function gridColumns(columns: unknown): number {
  const n = typeof columns === 'number' && Number.isFinite(columns) ? Math.round(columns) : 4;
  return Math.min(5, Math.max(2, n));
}

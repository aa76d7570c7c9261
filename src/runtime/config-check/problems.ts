/** One thing wrong with a page config, printed as `file: JSON path: reason`. */
export interface Problem {
  file: string;
  /** JSON pointer into the file, e.g. /blocks/2/props/items ('' for the whole file). */
  path: string;
  reason: string;
}

export function formatProblem(p: Problem): string {
  return `${p.file}: ${p.path || '/'}: ${p.reason}`;
}

export function pointer(parts: readonly (string | number)[]): string {
  return parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

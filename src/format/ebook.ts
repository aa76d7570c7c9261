/** Display rules of e-books (spec §3 Ebook): book length, reading progress from the record's anchor fraction. */
import { i18n } from '../i18n';

const t = i18n.ebook;

/** Book or chapter length: 5,771 字 under ten thousand, else 3.7 万字 (one decimal, a trailing .0 dropped). */
export function charCount(chars: number): string {
  const n = Math.max(0, Math.floor(chars));
  if (n < 10000) return t.chars(n.toLocaleString('en-US'));
  const wan = (Math.round(n / 1000) / 10).toFixed(1);
  return t.wanChars(wan.endsWith('.0') ? wan.slice(0, -2) : wan);
}

/**
 * Whole-book percent read from an anchor fraction (0–1), as a whole number: 0 at the start, 100 only at the very end,
 * and at least 1 once the reader is past the start (a few pages of a long book must not read as 0 %).
 */
export function readPercent(fraction: unknown): number {
  const f = typeof fraction === 'number' ? fraction : typeof fraction === 'string' && fraction.trim() ? Number(fraction) : Number.NaN;
  if (!Number.isFinite(f) || f <= 0) return 0;
  if (f >= 1) return 100;
  return Math.min(99, Math.max(1, Math.floor(f * 100)));
}

interface RecordLike {
  anchor_point?: { fraction?: unknown } | null;
}

/** A book's reading label: 未开始 without a record, else 已读 N% (N from the record's place). */
export function readLabel(record: RecordLike | null | undefined): string {
  if (!record || typeof record !== 'object') return t.notStarted;
  return t.read(readPercent(record.anchor_point?.fraction));
}

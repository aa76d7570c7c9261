/**
 * Bought content, said once for both ends: the kinds a user owns once (through an entitlement, bought at most once,
 * refunded by withdrawing it), and where each opens. The server puts the path in its goods and order replies
 * (`content_path`), so neither the checkout, the order pages nor a page config derives it again.
 */

/** Kinds owned once: a course (single or bundle), an e-book, a question bank. Physical and VIP goods are not. */
export const OWNED_KINDS = ['course', 'ebook', 'question_bank'] as const;
export type OwnedKind = (typeof OWNED_KINDS)[number];

export function isOwnedKind(kind: string): kind is OwnedKind {
  return (OWNED_KINDS as readonly string[]).includes(kind);
}

export interface OwnedContent {
  kind: string;
  /** The course, e-book or bank. */
  ref_id: number;
  /** A course that is a bundle of courses (`courses.is_single = 0`) opens on its bundle page. */
  bundle?: boolean;
}

/** Where bought content opens: the course (or bundle) page, the reader, the bank's chapters; '' for other kinds. */
export function contentPathOf(c: OwnedContent): string {
  if (c.kind === 'course') return c.bundle ? `/course/bundle_detail/${c.ref_id}` : `/course/detail/${c.ref_id}`;
  if (c.kind === 'ebook') return `/ebook/read/${c.ref_id}`;
  if (c.kind === 'question_bank') return `/question/child_list/${c.ref_id}`;
  return '';
}

/**
 * The grid's own line icons: 24×24, drawn with the current colour (1.8 px strokes, round caps), named in a page
 * config as `line:<name>` (e.g. `"icon": "line:news"`). Each has a tone that colours it from the theme.
 */
import type { ReactNode } from 'react';

export type LineIconTone = 'brand' | 'success' | 'warning' | 'danger';

const ICONS: Record<string, { tone: LineIconTone; paths: ReactNode }> = {
  news: {
    tone: 'brand',
    paths: (
      <>
        <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
        <path d="M7.5 9h9M7.5 12.5h9M7.5 16h5" />
      </>
    ),
  },
  bank: {
    tone: 'success',
    paths: (
      <>
        <rect x="5" y="3" width="14" height="18" rx="2.5" />
        <path d="M8.5 8h7M8.5 11.5h4" />
        <path d="m9 15.5 2 2 4-4.5" />
      </>
    ),
  },
  course: {
    tone: 'warning',
    paths: (
      <>
        <rect x="3" y="4.5" width="18" height="12.5" rx="2.5" />
        <path d="m10.5 8.3 4 2.45-4 2.45z" />
        <path d="M8 20.5h8" />
      </>
    ),
  },
  ebook: {
    tone: 'danger',
    paths: (
      <>
        <path d="M12 6.5C10 5 7 4.5 4 5v13c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5V5c-3-.5-6 0-8 1.5z" />
        <path d="M12 6.5v13" />
      </>
    ),
  },
  guide: {
    tone: 'success',
    paths: (
      <>
        <circle cx="12" cy="12" r="8.5" />
        <path d="m15.5 8.5-2 5-5 2 2-5z" />
      </>
    ),
  },
  signup: {
    tone: 'brand',
    paths: (
      <>
        <path d="M9 4.5H6.5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-13a2 2 0 0 0-2-2H15" />
        <rect x="9" y="3" width="6" height="3" rx="1" />
        <path d="M8.5 11h7M8.5 15h4" />
      </>
    ),
  },
  outline: {
    tone: 'warning',
    paths: (
      <>
        <path d="M9 6.5h11M9 12h11M9 17.5h11" />
        <circle cx="5" cy="6.5" r="1.2" />
        <circle cx="5" cy="12" r="1.2" />
        <circle cx="5" cy="17.5" r="1.2" />
      </>
    ),
  },
  search: {
    tone: 'danger',
    paths: (
      <>
        <circle cx="11" cy="11" r="6.5" />
        <path d="m16 16 4.5 4.5" />
      </>
    ),
  },
};

const PREFIX = 'line:';

/** Whether `icon` names one of the line icons. */
export function isLineIcon(icon: string): boolean {
  return icon.startsWith(PREFIX) && icon.slice(PREFIX.length) in ICONS;
}

/** The names of the line icons (for tests and the page-config docs). */
export const LINE_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** A line icon on its tinted tile; nothing for an unknown name. */
export function LineIcon({ icon }: { icon: string }) {
  const def = ICONS[icon.slice(PREFIX.length)];
  if (!def) return null;
  return (
    <span className={`bk-grid-line-icon bk-grid-tone-${def.tone}`}>
      <svg
        viewBox="0 0 24 24"
        width="26"
        height="26"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {def.paths}
      </svg>
    </span>
  );
}

import type { ReactNode } from 'react';

/** Strokes of each built-in tab icon, drawn in a 24×24 box with the current text colour (no font, no image request). */
const PATHS: Record<string, ReactNode> = {
  home: (
    <>
      <path d="M3.5 10.5 12 3.5l8.5 7" />
      <path d="M5.5 9v10.5a1 1 0 0 0 1 1H10v-6h4v6h3.5a1 1 0 0 0 1-1V9" />
    </>
  ),
  course: (
    <>
      <rect x="3" y="5" width="18" height="12" rx="2" />
      <path d="m10.5 8.5 4 2.5-4 2.5z" />
      <path d="M8 20.5h8" />
    </>
  ),
  question: (
    <>
      <path d="M6 3.5h9l4 4v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-15a1 1 0 0 1 1-1Z" />
      <path d="M8.5 11.5h7M8.5 15h7M8.5 8h3.5" />
    </>
  ),
  mall: (
    <>
      <path d="M4 8h16l-1.2 11.2a1.5 1.5 0 0 1-1.5 1.3H6.7a1.5 1.5 0 0 1-1.5-1.3Z" />
      <path d="M8.5 10.5V7a3.5 3.5 0 0 1 7 0v3.5" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.8-3.9 3.8-6 7.5-6s6.7 2.1 7.5 6" />
    </>
  ),
  book: (
    <>
      <path d="M12 6.5C10 5 7 4.5 3.5 5v13.5c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5Z" />
      <path d="M12 6.5V20" />
    </>
  ),
  discover: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </>
  ),
};

/** A tab icon by name (an unknown name draws a dot, so a config typo shows but breaks nothing). */
export function TabIcon({ name }: { name: string }) {
  return (
    <svg
      className="tab-bar-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name] ?? <circle cx="12" cy="12" r="2" />}
    </svg>
  );
}

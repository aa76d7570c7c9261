/** The reader's icons: inline SVG drawn with the text colour (no icon font, no emoji, no image request). */
import type { ReactNode } from 'react';

function Icon({ size = 22, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const BackIcon = () => (
  <Icon>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);
export const TocIcon = () => (
  <Icon>
    <path d="M9 6.5h11M9 12h11M9 17.5h11" />
    <circle cx="4.6" cy="6.5" r="1" fill="currentColor" stroke="none" />
    <circle cx="4.6" cy="12" r="1" fill="currentColor" stroke="none" />
    <circle cx="4.6" cy="17.5" r="1" fill="currentColor" stroke="none" />
  </Icon>
);
export const BookmarkIcon = ({ filled = false, size }: { filled?: boolean; size?: number }) => (
  <Icon size={size}>
    <path d="M6.5 3.8h11a.7.7 0 0 1 .7.7v15.6l-6.2-4.3-6.2 4.3V4.5a.7.7 0 0 1 .7-.7z" fill={filled ? 'currentColor' : 'none'} />
  </Icon>
);
export const MarksListIcon = () => (
  <Icon>
    <path d="M5.5 3.8h9a.7.7 0 0 1 .7.7v14.8l-5.2-3.6-5.2 3.6V4.5a.7.7 0 0 1 .7-.7z" />
    <path d="M18.5 7v13" />
  </Icon>
);
export const SettingsIcon = () => (
  <Icon>
    <path d="M4 19.5L9 5.5h1.4l5 14" />
    <path d="M5.8 14.6h7.8" />
    <path d="M16.5 19.5l2.6-7.2h.8l2.6 7.2" />
    <path d="M17.5 17h4" />
  </Icon>
);
export const MoonIcon = () => (
  <Icon>
    <path d="M19.5 14.6A7.8 7.8 0 0 1 9.4 4.5a7.8 7.8 0 1 0 10.1 10.1z" />
  </Icon>
);
export const SunIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.8v2M12 19.2v2M2.8 12h2M19.2 12h2M5.5 5.5l1.4 1.4M17.1 17.1l1.4 1.4M5.5 18.5l1.4-1.4M17.1 6.9l1.4-1.4" />
  </Icon>
);
export const LockIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <rect x="5" y="10.5" width="14" height="10" rx="2.2" />
    <path d="M8.2 10.5V8a3.8 3.8 0 0 1 7.6 0v2.5" />
  </Icon>
);
export const DownloadIcon = ({ size = 18 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5" />
    <path d="M5 19.5h14" />
  </Icon>
);
export const CheckIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
export const CloseIcon = ({ size = 20 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
export const CloudOffIcon = ({ size = 14 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M7 18.5h10.5a3.5 3.5 0 0 0 .9-6.9A6 6 0 0 0 7.3 9.2 4.7 4.7 0 0 0 7 18.5z" />
    <path d="M4 4l16 16" />
  </Icon>
);
export const AlertIcon = ({ size = 30 }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="8.6" />
    <path d="M12 7.5v5.5" />
    <circle cx="12" cy="16.3" r="0.6" fill="currentColor" />
  </Icon>
);

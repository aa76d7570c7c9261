/** Inline SVG icons of the answering module (drawn with the text colour; no icon font, no image request). */
import type { ReactNode } from 'react';

function Svg({ children, filled }: { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export const StarIcon = ({ filled }: { filled?: boolean }) => (
  <Svg filled={filled}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L12 16.9l-5.25 2.7 1-5.8L3.5 9.7l5.9-.9z" />
  </Svg>
);
export const FlagIcon = ({ filled }: { filled?: boolean }) => (
  <Svg>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" fill={filled ? 'currentColor' : 'none'} />
  </Svg>
);
export const AlertIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5v5.5M12 16.2v.3" />
  </Svg>
);
export const ShareIcon = () => (
  <Svg>
    <path d="M12 15V4M7.5 8.5L12 4l4.5 4.5" />
    <path d="M5 13v6h14v-6" />
  </Svg>
);
export const GridIcon = () => (
  <Svg>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <rect x="14" y="14" width="6" height="6" rx="1" />
  </Svg>
);
export const ClockIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Svg>
);
export const CloudOffIcon = () => (
  <Svg>
    <path d="M3 3l18 18" />
    <path d="M8 7.5A5 5 0 0 1 16.6 10h.4a3.5 3.5 0 0 1 2.2 6.2M15 18H7a4 4 0 0 1-1.2-7.8" />
  </Svg>
);
export const LockIcon = () => (
  <Svg>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </Svg>
);

/**
 * The frame of every icon of the set: a 24×24 drawing in the text colour (no icon font, no emoji, no image request),
 * stroked with round ends unless a shape says otherwise, hidden from screen readers (the button or text around an
 * icon carries its name). Each icon is a file of its own so that a chunk holds only the icons it draws.
 */
import type { ReactNode } from 'react';

export interface IconProps {
  /** Width and height in CSS pixels. */
  size?: number;
  strokeWidth?: number;
  className?: string;
}

export function Svg({
  size,
  strokeWidth = 1.8,
  className,
  filled = false,
  children,
}: IconProps & { filled?: boolean; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

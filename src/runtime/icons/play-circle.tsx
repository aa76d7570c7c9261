import { type IconProps, Svg } from './svg';

export const PlayCircleIcon = ({ size = 16, strokeWidth = 1.7, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M10 8.6v6.8l5.4-3.4z" fill="currentColor" stroke="none" />
  </Svg>
);

import { type IconProps, Svg } from './svg';

export const AlertIcon = ({ size = 30, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <circle cx="12" cy="12" r="8.6" />
    <path d="M12 7.5v5.5" />
    <circle cx="12" cy="16.3" r="0.6" fill="currentColor" />
  </Svg>
);

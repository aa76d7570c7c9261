import { type IconProps, Svg } from './svg';

export const FlagIcon = ({ filled = false, size = 20, strokeWidth = 1.8, className }: IconProps & { filled?: boolean }) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" fill={filled ? 'currentColor' : 'none'} />
  </Svg>
);

import { type IconProps, Svg } from './svg';

export const BookmarkIcon = ({ filled = false, size = 22, strokeWidth = 1.8, className }: IconProps & { filled?: boolean }) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M6.5 3.8h11a.7.7 0 0 1 .7.7v15.6l-6.2-4.3-6.2 4.3V4.5a.7.7 0 0 1 .7-.7z" fill={filled ? 'currentColor' : 'none'} />
  </Svg>
);

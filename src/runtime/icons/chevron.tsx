import { type IconProps, Svg } from './svg';

export const ChevronIcon = ({
  dir = 'forward',
  size = 16,
  strokeWidth = 1.9,
  className,
}: IconProps & { dir?: 'forward' | 'left' | 'right' }) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d={dir === 'left' ? 'M15 5l-7 7 7 7' : dir === 'right' ? 'M9 5l7 7-7 7' : 'M9.5 6l6 6-6 6'} />
  </Svg>
);

import { type IconProps, Svg } from './svg';

export const StarIcon = ({ filled = false, size = 20, strokeWidth = 1.8, className }: IconProps & { filled?: boolean }) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className} filled={filled}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L12 16.9l-5.25 2.7 1-5.8L3.5 9.7l5.9-.9z" />
  </Svg>
);

import { type IconProps, Svg } from './svg';

export const BackIcon = ({ size = 22, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
);

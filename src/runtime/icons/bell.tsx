import { type IconProps, Svg } from './svg';

export const BellIcon = ({ size = 15, strokeWidth = 1.9, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16zm4 4h4" />
  </Svg>
);

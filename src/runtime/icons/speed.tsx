import { type IconProps, Svg } from './svg';

export const SpeedIcon = ({ size = 15, strokeWidth = 1.9, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M4.5 17a8 8 0 1 1 15 0" />
    <path d="M12 14l4-5" />
  </Svg>
);

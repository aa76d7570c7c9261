import { type IconProps, Svg } from './svg';

export const ClockIcon = ({ size = 20, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Svg>
);

import { type IconProps, Svg } from './svg';

export const CheckIcon = ({ size = 16, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);

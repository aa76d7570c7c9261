import { type IconProps, Svg } from './svg';

export const CloseIcon = ({ size = 20, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

import { type IconProps, Svg } from './svg';

export const PinIcon = ({ size = 22, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path
      fill="currentColor"
      stroke="none"
      d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
    />
  </Svg>
);

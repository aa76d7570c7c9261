import { type IconProps, Svg } from './svg';

export const CloudOffIcon = ({ size = 14, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M7 18.5h10.5a3.5 3.5 0 0 0 .9-6.9A6 6 0 0 0 7.3 9.2 4.7 4.7 0 0 0 7 18.5z" />
    <path d="M4 4l16 16" />
  </Svg>
);

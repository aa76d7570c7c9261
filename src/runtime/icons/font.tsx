import { type IconProps, Svg } from './svg';

export const FontIcon = ({ size = 22, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M4 19.5L9 5.5h1.4l5 14" />
    <path d="M5.8 14.6h7.8" />
    <path d="M16.5 19.5l2.6-7.2h.8l2.6 7.2" />
    <path d="M17.5 17h4" />
  </Svg>
);

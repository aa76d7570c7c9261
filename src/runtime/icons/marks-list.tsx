import { type IconProps, Svg } from './svg';

export const MarksListIcon = ({ size = 22, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M5.5 3.8h9a.7.7 0 0 1 .7.7v14.8l-5.2-3.6-5.2 3.6V4.5a.7.7 0 0 1 .7-.7z" />
    <path d="M18.5 7v13" />
  </Svg>
);

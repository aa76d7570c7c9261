import { type IconProps, Svg } from './svg';

export const ShareIcon = ({ size = 20, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M12 15V4M7.5 8.5L12 4l4.5 4.5" />
    <path d="M5 13v6h14v-6" />
  </Svg>
);

import { type IconProps, Svg } from './svg';

export const PlayIcon = ({ size = 26, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <path d="M8 5.2v13.6L19 12z" fill="currentColor" stroke="none" />
  </Svg>
);

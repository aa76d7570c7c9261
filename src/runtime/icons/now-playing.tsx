import { type IconProps, Svg } from './svg';

export const NowPlayingIcon = ({ size = 18, strokeWidth = 1.8, className }: IconProps) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
    <path d="M10 7.8v8.4l6.6-4.2z" fill="#fff" stroke="none" />
  </Svg>
);

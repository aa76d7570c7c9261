import { type IconProps, Svg } from './svg';

export const LockIcon = ({ keyhole = false, size = 16, strokeWidth = 1.9, className }: IconProps & { keyhole?: boolean }) => (
  <Svg size={size} strokeWidth={strokeWidth} className={className}>
    <rect x="5" y="10.5" width="14" height="10" rx="2.2" />
    <path d="M8.2 10.5V8a3.8 3.8 0 0 1 7.6 0v2.5" />
    {keyhole ? <circle cx="12" cy="15.5" r="1.4" fill="currentColor" stroke="none" /> : null}
  </Svg>
);

/**
 * The app's one set of inline SVG icons, for blocks, modules and the shell, imported from here (not through
 * block-api.ts, which is in the first load: the bundler would put every icon a lazy chunk shares into it). One file
 * per icon, so each stays in the chunk that draws it and an icon only lazy modules use stays out of the first load.
 */

export { AlertIcon } from './alert';
export { BackIcon } from './back';
export { BellIcon } from './bell';
export { BookmarkIcon } from './bookmark';
export { CheckIcon } from './check';
export { ChevronIcon } from './chevron';
export { ClockIcon } from './clock';
export { CloseIcon } from './close';
export { CloudOffIcon } from './cloud-off';
export { DownloadIcon } from './download';
export { FlagIcon } from './flag';
export { FontIcon } from './font';
export { GridIcon } from './grid';
export { LockIcon } from './lock';
export { MarksListIcon } from './marks-list';
export { MoonIcon } from './moon';
export { NowPlayingIcon } from './now-playing';
export { PinIcon } from './pin';
export { PlayIcon } from './play';
export { PlayCircleIcon } from './play-circle';
export { ShareIcon } from './share';
export { SpeedIcon } from './speed';
export { StarIcon } from './star';
export { SunIcon } from './sun';
export type { IconProps } from './svg';
export { TocIcon } from './toc';
export { UserIcon } from './user';

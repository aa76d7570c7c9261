export type Platform = 'ios' | 'android' | 'wechat' | 'other';

/** The visitor's platform from a user agent. WeChat first: its in-app browser blocks downloads on both systems. */
export function platformOf(ua: string | undefined | null): Platform {
  const s = ua ?? '';
  if (/MicroMessenger/i.test(s)) return 'wechat';
  if (/iPhone|iPad|iPod/i.test(s) || (/Macintosh/i.test(s) && /Mobile/i.test(s))) return 'ios';
  if (/Android|HarmonyOS|OpenHarmony/i.test(s)) return 'android';
  return 'other';
}

export interface StoreLink {
  kind: 'ios' | 'android';
  url: string;
}

/** Store links to offer: the visitor's own system, or every link we have on other platforms. */
export function linksFor(platform: Platform, iosUrl?: string, androidUrl?: string): StoreLink[] {
  const ios: StoreLink[] = iosUrl ? [{ kind: 'ios', url: iosUrl }] : [];
  const android: StoreLink[] = androidUrl ? [{ kind: 'android', url: androidUrl }] : [];
  if (platform === 'ios') return ios;
  if (platform === 'android') return android;
  return [...ios, ...android];
}

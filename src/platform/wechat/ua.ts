/** WeChat's in-app browser puts `MicroMessenger/<version>` in its user agent. */
export function isWechatBrowser(userAgent: string | undefined = globalThis.navigator?.userAgent): boolean {
  return typeof userAgent === 'string' && /MicroMessenger/i.test(userAgent);
}

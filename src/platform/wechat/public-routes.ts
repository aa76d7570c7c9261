/**
 * Pages a visitor in WeChat's browser may open without going through WeChat OAuth first
 * (spec section 4, "Messaging-app browser flow": "except on listed public pages"). Each entry is a
 * path prefix: it matches the path itself and everything below it.
 */
export const WECHAT_OAUTH_EXEMPT: readonly string[] = [
  // Logging in itself; a new WeChat user is sent here with the third_auth_key after OAuth.
  '/user/mobile_login',
  // User agreement, privacy policy, personal-info list, third-party SDK list, cancellation agreement.
  '/user/agreement',
  // App download, share, share reward, guide, word-game download pages.
  '/download',
  '/activity/download',
  '/activity/invite_download',
  // Pages reached when something went wrong or that only inform.
  '/scan/error',
  '/upgrade',
  '/about',
  // The offline OAuth sandbox (served by the API server) and the development tools.
  '/member/sandbox',
  '/dev',
];

/** Whether a path is on the list above (so WeChat OAuth does not start there). */
export function isOauthExempt(pathname: string, list: readonly string[] = WECHAT_OAUTH_EXEMPT): boolean {
  return list.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

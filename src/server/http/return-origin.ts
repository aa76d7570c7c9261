import type { OriginsConfig } from '../config-origins';
import { isLoopbackOrigin } from '../config-origins';

/** Refusal of a return URL on another site (official-weixin-data and the sandbox authorize page say the same). */
export const FOREIGN_RETURN_MSG = '参数 redirect_url 须为本站地址（PUBLIC_ORIGINS 所列的站点），不能跳转到其他网站';

/**
 * Whether a WeChat OAuth return URL may be kept and followed: its origin is one of PUBLIC_ORIGINS (unset: the origin
 * the request came to); outside production a loopback origin too (the app on a developer's machine).
 */
export function isOwnReturnUrl(config: OriginsConfig & { production: boolean }, requestOrigin: string, url: string): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  const allowed = config.publicOrigins.length > 0 ? config.publicOrigins : [requestOrigin];
  if (allowed.includes(origin)) return true;
  return !config.production && isLoopbackOrigin(origin);
}

/**
 * The `accounts` area's door. Who you are and how you log in: SMS codes (carriers, limits, the ALTCHA challenge), sessions, WeChat OAuth, binding a mobile, deleting the account.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { authRoutes } from './auth-routes';
import { bindingRoutes } from './binding-routes';
import { cancelRoutes } from './cancel-routes';

export const accountsArea = defineArea({
  name: 'accounts',
  routes: [...authRoutes, ...bindingRoutes, ...cancelRoutes],
});

export { authRoutes } from './auth-routes';
export { bindMobileByCode, maskMobile } from './binding-mobile';
export { bindingRoutes } from './binding-routes';
export { createWechatOnlyUser } from './binding-wechat-only';
export { mobileFingerprint, mobileWasDeleted } from './mobile-fingerprint';
export { endAllSessions } from './sessions';
export { chinaDayStart, SMS_RULES } from './sms-codes';
export { loginByCode, STATE_TTL, WECHAT } from './wechat-login';

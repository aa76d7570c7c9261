import type { BlockDefinition } from '../../runtime/block-api';

/** The SMS-code login form (`/user/mobile_login/:routeTo?/:thirdAuthKey?`). */
export const definition: BlockDefinition = { type: 'accounts-mobile-login', load: () => import('./MobileLogin') };

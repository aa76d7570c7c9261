import type { BlockDefinition } from '../../runtime/block-api';

/** Bind a mobile number to the account by SMS code (`/user/bind_mobile`). */
export const definition: BlockDefinition = { type: 'accounts-bind-mobile', load: () => import('./BindMobile') };

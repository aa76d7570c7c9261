import type { BlockDefinition } from '../../runtime/block-api';

/** Deleting the account (注销账号, `/user/cancel`): agreement, SMS code to the bound mobile, a last confirmation. */
export const definition: BlockDefinition = { type: 'accounts-cancel', load: () => import('./AccountCancel') };

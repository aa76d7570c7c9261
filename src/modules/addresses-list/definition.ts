import type { BlockDefinition } from '../../runtime/block-api';

/** The user's delivery addresses: default badge, set default, edit, delete (`/address/list`). */
export const definition: BlockDefinition = { type: 'addresses-list', load: () => import('./AddressList') };

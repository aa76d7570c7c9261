import type { BlockDefinition } from '../../runtime/block-api';

/** The address form with the cascading district picker (`/address/edit/:addressId?`). */
export const definition: BlockDefinition = { type: 'addresses-edit', load: () => import('./AddressEdit') };

import type { BlockDefinition } from '../../runtime/block-api';

/** The address form with the cascading district picker (`/address/edit/:addressId?`). */
export const definition: BlockDefinition = { type: 'address-edit', load: () => import('./AddressEdit') };

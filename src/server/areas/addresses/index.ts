/**
 * The `addresses` area's door. Delivery addresses and the districts they are built from.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { addressRoutes } from './routes';

export const addressesArea = defineArea({
  name: 'addresses',
  routes: [...addressRoutes],
});

export { childDistricts, isDeliverable, topLevelDistricts } from './address-districts';
export { addressOf, defaultAddress } from './address-store';
export { addressRoutes } from './routes';

/**
 * The `shipping` area's door. Shipping physical goods: parcels and their tracks.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { shippingRoutes } from './routes';

export const shippingArea = defineArea({
  name: 'shipping',
  routes: [...shippingRoutes],
});

export { expressPackages } from './order-tracking';
export { type ItemShipState, itemShipStates, orderShipState } from './ship-states';

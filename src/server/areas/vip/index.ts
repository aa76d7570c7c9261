/**
 * The `vip` area's door. VIP memberships and VIP codes.
 * Other areas and the server's wiring import this area only through this file; see ./README.md for its rules.
 */
import { defineArea } from '../../http/area';
import { vipRoutes } from './routes';

export const vipArea = defineArea({
  name: 'vip',
  routes: [...vipRoutes],
});

export { redeemVipCode } from './vip-exchange';

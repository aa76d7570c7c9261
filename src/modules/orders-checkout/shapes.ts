/** Shapes of other areas' replies this module reads (from the block API's endpoint table, not their contracts). */
import type { OutputOfId } from '../../runtime/block-api';

/** A good as `goods.detail` answers it (the catalog area). */
export type GoodsItem = OutputOfId<'goods.detail'>;
/** A delivery address as `address.detail` answers it (the addresses area). */
export type Address = OutputOfId<'address.detail'>;

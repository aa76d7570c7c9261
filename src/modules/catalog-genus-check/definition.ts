import type { BlockDefinition } from '../../runtime/block-api';

/** Mall detail: the good's subject is fetched; a failure opens the 错误 dialog (刷新 / 继续), spec §8; a missing good does not (the page says so). */
export const definition: BlockDefinition = { type: 'catalog-genus-check', load: () => import('./MallGenusCheck') };

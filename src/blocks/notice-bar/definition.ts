import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'notice-bar', load: () => import('./NoticeBarBlock') };

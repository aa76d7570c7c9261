import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'download', load: () => import('./DownloadBlock') };

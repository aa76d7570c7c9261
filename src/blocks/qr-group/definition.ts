import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'qr-group', load: () => import('./QrGroupBlock') };

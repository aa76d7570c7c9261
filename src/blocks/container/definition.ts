import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'container', load: () => import('./ContainerBlock') };

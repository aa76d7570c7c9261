import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'markdown', load: () => import('./MarkdownBlock') };

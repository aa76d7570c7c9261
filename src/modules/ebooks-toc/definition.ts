import type { BlockDefinition } from '../../runtime/block-api';

/** An e-book's table of contents (free marks, locks, the chapter being read); a row opens the reader at that chapter. */
export const definition: BlockDefinition = { type: 'ebooks-toc', load: () => import('./EbookToc') };

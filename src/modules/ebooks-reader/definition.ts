import type { BlockDefinition } from '../../runtime/block-api';

/** The e-book reader (`/ebook/read/:ebookId`): paginated or scrolling, bookmarks, settings, offline chapters and queue. */
export const definition: BlockDefinition = { type: 'ebooks-reader', load: () => import('./EbookReader') };

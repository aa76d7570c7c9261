import type { BlockDefinition } from '../../runtime/block-api';

/** The video player: course videos (signed HLS, lock, resume, progress) and plain URLs; hls.js is a lazy chunk of its own. */
export const definition: BlockDefinition = { type: 'courses-video-player', load: () => import('./VideoPlayer') };

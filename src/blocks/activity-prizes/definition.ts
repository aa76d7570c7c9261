import type { BlockDefinition } from '../../runtime/block-api';

/** An activity's prizes with a claim button each; `claimActions` stay raw and run with `prize` in scope. */
export const definition: BlockDefinition = {
  type: 'activity-prizes',
  load: () => import('./ActivityPrizesBlock'),
  rawProps: ['claimActions'],
};

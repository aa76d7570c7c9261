import type { BlockDefinition } from '../../runtime/block-api';

/** Runs its actions once when mounted; `actions` stay raw and are resolved when they run. */
export const definition: BlockDefinition = { type: 'on-enter', load: () => import('./OnEnterBlock'), rawProps: ['actions'] };

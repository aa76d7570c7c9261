import type { BlockDefinition } from '../../runtime/block-api';

export const definition: BlockDefinition = { type: 'rule-text', load: () => import('./RuleTextBlock') };

import type { ComponentType, ReactNode } from 'react';
import type { Scope } from './expr';
import type { Action, BlockNode } from './page-config.gen';

/** State of one data source of the page, as blocks see it. */
export interface SourceState {
  data: unknown;
  loading: boolean;
  /** Paged sources: everything is held. Other sources: a reply has arrived. */
  loaded: boolean;
  /** The source is paged (the list footer applies). */
  paged: boolean;
  /** Server message of the last failure ('' when none). */
  error: string;
}

/** What the page offers its blocks. */
export interface PageApi {
  name: string;
  source(name: string): SourceState | undefined;
  /** Paged source: load the next page (the paged-list rules decide whether it actually loads). */
  loadMore(name: string): void;
  /** Reload a source from the start. */
  refresh(name: string): void;
  setState(key: string, value: unknown): void;
}

/** Props every block component receives. `P` is the block's generated props type. */
export interface BlockProps<P = Record<string, unknown>> {
  /** Props with every `${…}` resolved against the scope (raw props stay as written). */
  props: P;
  node: BlockNode;
  scope: Scope;
  /** The node's children, rendered. */
  children: ReactNode;
  /** Renders a block list with extra scope (e.g. a list item template with `item` and `index`). */
  renderBlocks(nodes: readonly BlockNode[] | undefined, extraScope?: Scope): ReactNode;
  /** Runs actions with the block's scope plus extra scope. */
  run(actions: Action | readonly Action[] | undefined, extraScope?: Scope): Promise<void>;
  page: PageApi;
}

export interface BlockDefinition {
  type: string;
  /** The component, loaded lazily (its own chunk). */
  load: () => Promise<{ default: ComponentType<BlockProps<never>> }>;
  /** Props left unresolved because the block evaluates them itself (item templates, actions). */
  rawProps?: readonly string[];
}

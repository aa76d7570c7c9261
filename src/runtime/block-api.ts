/**
 * The block API: the one door through which blocks, modules and the shell reach the runtime.
 * Blocks import from here only (plus format and i18n); every outside effect comes through `env`.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Env } from './env';
import type { Scope } from './expr';
import type { Action, BlockNode } from './page-config.gen';

/** A refusal that means the link's item is missing (4004, 4000), and a server message without internal ids. */
export { isMissing, userMessage } from '../api/user-message';
/** Where a module may send the user back to (login, payment): one rule with the server (no open redirects). */
export { isSameSitePath } from '../protocol/same-site-path';
export { type BackTarget, backTarget } from './back-target';
export type * from './block-props/index.gen';
export type { EndpointId } from './endpoint-table.gen';
export type {
  CallReply,
  ConfirmOptions,
  Env,
  InputOfId,
  KeyValueStore,
  OfflineStore,
  Outbox,
  OutboxEntry,
  OutboxResult,
  OutboxWrite,
  OutputOfId,
  PayApi,
  PayOutcome,
  ShareData,
  SubjectChoice,
  Verdict,
} from './env';
export { useEnv } from './env';
export { renderTemplate, resolveDeep, type Scope } from './expr';
export { isExternal } from './external-url';
export { Link, useCurrentPath } from './Link';
/** Markdown drawn on the client with the server's article options (a lazy chunk: render it inside Suspense). */
export { MarkdownText } from './markdown-text';
export { NotFoundScreen, type NotFoundScreenProps } from './NotFound';
/** Whether an element has come within a screen of the viewport (once): leave below-the-fold work out of the start. */
export { useNearScreen } from './near-screen';
export { newClientId } from './outbox-rules';
export type { Action, ActionOf, ActionType, BlockNode, BlockType, PageConfig } from './page-config.gen';
export { type CallState, useCall } from './use-call';

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
  /** Envelope code of the last failure (0 when none; -1 network): 4004 not found, 4000 bad input (e.g. a bad id in the route). */
  errorCode: number;
}

/** Renders something that can be saved as an image (a poster) and answers its URL ('' on failure). */
export type ImageRenderer = () => Promise<string>;

/** What the page offers its blocks. */
export interface PageApi {
  name: string;
  source(name: string): SourceState | undefined;
  /** Paged source: load the next page (the paged-list rules decide whether it actually loads). */
  loadMore(name: string): void;
  /** Reload a source from the start. */
  refresh(name: string): void;
  setState(key: string, value: unknown): void;
  /** A block that can be saved as an image registers its renderer under its id on this page; returns the unregister. */
  registerImageSource(id: string, render: ImageRenderer): () => void;
  /** The renderer registered on this page under `id`. */
  imageSource(id: string): ImageRenderer | undefined;
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
  /** Calls, navigation, toasts, dialogs, clipboard, share, storage, session. */
  env: Env;
}

export interface BlockDefinition {
  type: string;
  /** The component, loaded lazily (its own chunk). */
  load: () => Promise<{ default: ComponentType<BlockProps<never>> }>;
  /** Props left unresolved because the block evaluates them itself (item templates, actions). */
  rawProps?: readonly string[];
}

import { createContext, useContext } from 'react';
import type { InputOf, OutputOf } from '../contract/endpoint';
import type { Envelope } from '../contract/envelope';
import type { EndpointId, EndpointMeta, EndpointTypes } from './endpoint-table.gen';

/** Request params of an endpoint id, as the contract declares them. */
export type InputOfId<K extends EndpointId> = InputOf<EndpointTypes[K]>;
/** Reply `data` of an endpoint id, as the contract declares it. */
export type OutputOfId<K extends EndpointId> = OutputOf<EndpointTypes[K]>;
/** The envelope `call` resolves with: `data` is null when `status` is not 0. */
export type CallReply<T> = Envelope<T | null>;

export interface ShareData {
  title?: string;
  desc?: string;
  link?: string;
  image?: string;
}

export interface ConfirmOptions {
  text: string;
  okText?: string;
  cancelText?: string;
  /** The confirming button is styled as destructive (delete, log out). */
  danger?: boolean;
}

/** A chosen subject (exam genus and category). */
export interface SubjectChoice {
  genusId: number;
  categoryId: number;
  name: string;
}

/** Persistent key-value storage that never throws. */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  getJson<T>(key: string, fallback: T): T;
  setJson(key: string, value: unknown): void;
}

/**
 * Everything outside a block that a block, module or the shell may touch. Built once in `src/app`
 * from the request layer, the stores and the platform; tests hand in a fake. Blocks never import
 * `api/`, `state/` or `platform/` themselves.
 */
export interface Env {
  /** Calls an endpoint by id; resolves with the envelope (status -1 for network failures), never throws. */
  call<K extends EndpointId>(id: K, input?: InputOfId<K>): Promise<CallReply<OutputOfId<K>>>;
  /** Calls an endpoint named at run time (page configs); the server validates the params. */
  callDynamic(endpoint: EndpointMeta, input: Record<string, unknown>): Promise<CallReply<unknown>>;
  /** Goes to an in-app path; a target of only `?query` keeps the current path (e.g. a search page updating its word). */
  navigate(to: string, opts?: { replace?: boolean }): void;
  toast(text: string): void;
  /** Asks the user; true when they confirm. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  copy(text: string): Promise<boolean>;
  share(data: ShareData): Promise<boolean>;
  saveImage(src: string, filename?: string): void;
  storage: KeyValueStore;
  /** Opens a shell popup (customer service, feedback) or closes it (null). */
  popup(name: 'customerService' | 'feedback' | null): void;
  session: {
    /** Keeps a new session token (false when it is invalid or expired). */
    login(token: string, isFirst: boolean): boolean;
    /** Forgets the session token on this device. */
    logout(): void;
  };
  subject: {
    /** Sets the exam context and puts the choice first in the history. */
    select(choice: SubjectChoice): void;
    /** Chosen subjects, newest first. */
    history(): SubjectChoice[];
  };
}

const EnvContext = createContext<Env | null>(null);

/** Provides the environment to the tree (the app at its root; tests with a fake). */
export const EnvProvider = EnvContext.Provider;

/** The environment from the nearest provider. */
export function useEnv(): Env {
  const env = useContext(EnvContext);
  if (!env) throw new Error('useEnv: no EnvProvider above this component');
  return env;
}

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
  /** A heading above the text (e.g. 错误). */
  title?: string;
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
 * Named stores on the device for offline use (IndexedDB; `store` is any name a module picks, e.g. 'ebook-chapters').
 * Every method resolves and never throws: without IndexedDB (private mode, old browser) get answers null, list [],
 * put false. `list` returns a store's entries in key order (only keys starting with `prefix` when given).
 */
export interface OfflineStore {
  get<T>(store: string, key: string): Promise<T | null>;
  put(store: string, key: string, value: unknown): Promise<boolean>;
  delete(store: string, key: string): Promise<void>;
  list<T>(store: string, prefix?: string): Promise<{ key: string; value: T }[]>;
}

/** What to do with a queued write after the server answered: sent, kept for a later try, or dropped. */
export type Verdict = 'sent' | 'keep' | 'drop';

/**
 * A write waiting on the device for the server (env.outbox). Its key is `<group>/<slot>`: a module lists, flushes and
 * clears by a key prefix (`ebook:3/`, `question:`), and a write to the same slot replaces a waiting one.
 */
export interface OutboxEntry<D = unknown> {
  key: string;
  /** The user who wrote it (the session's user id, JWT `sub`); '' when nobody was logged in. */
  user: string;
  /** Sent with the write, so the server counts a repeated one once; the entry is settled only by its own reply. */
  client_id: string;
  endpoint: EndpointId;
  input: Record<string, unknown>;
  /** Sorts in the order the writes were made: they are sent in that order. */
  order: string;
  /** The module's own record of the write (what it shows while the write waits). */
  data: D;
}

/** A write to queue: `slot` defaults to a fresh one (every write its own entry). */
export interface OutboxWrite<K extends EndpointId = EndpointId, D = unknown> {
  group: string;
  slot?: string;
  client_id: string;
  endpoint: K;
  input: InputOfId<K>;
  data: D;
}

export interface OutboxResult<D = unknown> {
  entry: OutboxEntry<D>;
  verdict: Verdict;
  reply: CallReply<unknown>;
}

/**
 * Writes that must reach the server even when the network is away (reading reports, bookmarks, answers), kept in
 * IndexedDB (and synchronously in storage while one is being sent, in case the page dies). Each entry carries the
 * user who wrote it: only the logged-in user's entries (and those written while nobody was) are listed and sent, so
 * a previous user's writes never go out under the next user's token; they wait until that user logs in again.
 */
export interface Outbox {
  /** Queues the write and sends it at once (a beacon: it outlives a closing page); kept when it has to wait. */
  send<K extends EndpointId, D>(write: OutboxWrite<K, D>): Promise<OutboxResult<D>>;
  /** Queues the write for a later flush (one that already failed). */
  put<K extends EndpointId, D>(write: OutboxWrite<K, D>): Promise<OutboxEntry<D>>;
  /** The current user's waiting entries whose key starts with `prefix`, oldest first. */
  list<D = unknown>(prefix?: string): Promise<OutboxEntry<D>[]>;
  /** Takes the current user's entry with this client id out (a pending write the user undid). */
  remove(clientId: string): Promise<void>;
  /** Takes every entry of the current user under `prefix` out (e.g. 重新练习 of a bank). */
  clear(prefix: string): Promise<void>;
  /**
   * Sends the current user's entries under `prefix` in order, one at a time, and stops at the first that has to
   * wait; `kept` counts what is left. One flush per prefix at a time: a second call gets the running one.
   */
  flush<D = unknown>(prefix?: string): Promise<{ results: OutboxResult<D>[]; kept: number }>;
}

/** Per-call options: `idempotencyKey` goes out as the `Idempotency-Key` header (order creation: a retry or a double tap makes one order). */
export interface CallOptions {
  idempotencyKey?: string;
}

/**
 * How a payment ended (spec §4). `paid`: the order is paid (or had nothing to pay); `leaving`: the browser is going to
 * WeChat Pay's H5 cashier and comes back to the result page; the others carry the message to show (spec §8:
 * 支付已取消, 未知错误, 服务器繁忙，请稍后再试, 请稍后刷新页面查看支付结果, 微信支付加载失败, or the server's msg).
 */
export type PayOutcome =
  | { result: 'paid' }
  | { result: 'leaving' }
  | { result: 'cancelled' | 'failed' | 'timeout' | 'busy' | 'unavailable' | 'refused'; message: string };

/** Paying an order (a lazy chunk, loaded on the first payment). */
export interface PayApi {
  /**
   * Pays a pending order: inside WeChat with the JSAPI (WeixinJSBridge, then polls the status 20 × 1 s); elsewhere
   * through the H5 cashier, which comes back to `returnPath` (a same-site path) with `from=pay` added to its query.
   */
  start(orderId: number, returnPath: string): Promise<PayOutcome>;
  /** Back from the H5 cashier: polls the order status (20 × 1 s) until it is paid. */
  confirm(orderId: number): Promise<PayOutcome>;
}

/**
 * Everything outside a block that a block, module or the shell may touch. Built once in `src/app`
 * from the request layer, the stores and the platform; tests hand in a fake. Blocks never import
 * `api/`, `state/` or `platform/` themselves.
 */
export interface Env {
  /** Calls an endpoint by id; resolves with the envelope (status -1 for network failures), never throws. */
  call<K extends EndpointId>(id: K, input?: InputOfId<K>, opts?: CallOptions): Promise<CallReply<OutputOfId<K>>>;
  /**
   * Calls an endpoint like `call`, sent with `fetch(…, {keepalive: true})` (same headers, sign and token): the request
   * survives the page being hidden, closed or left, and it is not counted as in flight (no loading overlay). For
   * background reports (video progress on pause, on page hide and unload). Resolves with the envelope while the page lives.
   */
  beacon<K extends EndpointId>(id: K, input: InputOfId<K>): Promise<CallReply<OutputOfId<K>>>;
  /** Calls an endpoint named at run time (page configs); the server validates the params. */
  callDynamic(endpoint: EndpointMeta, input: Record<string, unknown>): Promise<CallReply<unknown>>;
  /** Goes to an in-app path; a target of only `?query` keeps the current path (e.g. a search page updating its word). */
  navigate(to: string, opts?: { replace?: boolean }): void;
  toast(text: string): void;
  /** Asks the user; true when they confirm. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  copy(text: string): Promise<boolean>;
  share(data: ShareData): Promise<boolean>;
  /** Whether the page runs in WeChat's in-app browser. */
  inWechat(): boolean;
  /**
   * Inside WeChat: sets the card WeChat's own menu shares (JS-SDK, absolute link and image); true once set, false
   * elsewhere or when the JS-SDK cannot be configured.
   */
  shareCard(card: { title: string; desc: string; link: string; image: string }): Promise<boolean>;
  saveImage(src: string, filename?: string): void;
  storage: KeyValueStore;
  /** Paying orders (WeChat JSAPI inside WeChat, the H5 cashier elsewhere). */
  pay: PayApi;
  /** Larger data kept on the device for offline use (IndexedDB): cached chapters. */
  offline: OfflineStore;
  /** Writes waiting for the server, per user (reading reports, bookmarks, answers). */
  outbox: Outbox;
  /** Opens a shell popup (customer service, feedback) or closes it (null). */
  popup(name: 'customerService' | 'feedback' | null): void;
  session: {
    /** Keeps a new session token (false when it is invalid or expired). */
    login(token: string, isFirst: boolean): boolean;
    /** Forgets the session token on this device. */
    logout(): void;
    /**
     * Keeps a referral attribution ticket (`activity.attribution`, expiresAt in unix seconds) for the first login;
     * the first unexpired one stays.
     */
    keepAttribution(ticket: { ticket: string; expiresAt: number }): void;
    /** The kept attribution ticket to send as `from_activity` with a login ('' when none). */
    attribution(): string;
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

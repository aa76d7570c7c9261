import type { FastifyBaseLogger } from 'fastify';
import type { ActivityStore } from '../areas/activities';
import type { PageStore } from '../areas/pages';
import type { ServerConfig } from '../config';
import type { Db } from '../db/connect';
import type { Providers } from '../providers';
import type { JwtService } from '../security/jwt';
import type { Hooks } from './hooks';

export interface AuthUser {
  id: number;
  mobile: string | null;
  nickname: string;
  tokenVersion: number;
}

/** What the server builds once at start and hands to every handler. */
export interface Services {
  db: Db;
  config: ServerConfig;
  jwt: JwtService;
  providers: Providers;
  /** Page configs served to the client (checked, hot-reloaded). */
  pages: PageStore;
  /** Activities served (pages-config/_activities: checked, accepted against the database, hot-reloaded). */
  activities: ActivityStore;
  /** Moments one area announces and others act on (first login, paid, refunded). */
  hooks: Hooks;
  /** Unix seconds; tests replace it to move time. */
  clock: () => number;
  /** Unix milliseconds on the same clock (activity windows are instants to the millisecond). */
  nowMs: () => number;
}

export interface RequestContext extends Services {
  user: AuthUser | null;
  ip: string;
  /** `https://host` the request came to (behind a proxy: as it forwarded). */
  origin: string;
  /** The request's headers (lower-case names), e.g. `idempotency-key`. */
  headers: Record<string, string | string[] | undefined>;
  log: FastifyBaseLogger;
}

export interface AuthedContext extends RequestContext {
  user: AuthUser;
}

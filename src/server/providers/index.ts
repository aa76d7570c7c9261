import type { ServerConfig } from '../config';
import type { Db } from '../db/connect';
import { SandboxTicketProvider } from './jssdk/sandbox-ticket';
import type { JsSdkTicketProvider } from './jssdk/types';
import { SandboxOauthProvider } from './oauth/sandbox-oauth';
import { DevSmsProvider } from './sms/dev-sms';

export interface Providers {
  sms: DevSmsProvider;
  oauth: SandboxOauthProvider;
  jsSdk: JsSdkTicketProvider;
}

/** Chooses each outside service's adapter from the configuration (the offline sandboxes by default). */
export function createProviders(config: ServerConfig, db: Db, clock: () => number): Providers {
  return {
    sms: new DevSmsProvider(clock, config.logLevel === 'silent' ? () => {} : undefined),
    oauth: new SandboxOauthProvider(db, clock, config.wechatAppId),
    jsSdk: new SandboxTicketProvider(),
  };
}

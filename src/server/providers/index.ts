import type { ServerConfig } from '../config';
import type { Db } from '../db/connect';
import { SandboxTicketProvider } from './jssdk/sandbox-ticket';
import type { JsSdkTicketProvider } from './jssdk/types';
import { SandboxOauthProvider } from './oauth/sandbox-oauth';
import type { OauthProvider } from './oauth/types';
import { WechatOauthProvider } from './oauth/wechat-oauth';
import { DevSmsProvider } from './sms/dev-sms';

export interface Providers {
  sms: DevSmsProvider;
  oauth: OauthProvider;
  /** The offline OAuth sandbox when OAUTH_PROVIDER=sandbox (its dev authorize page grants codes through it), else null. */
  oauthSandbox: SandboxOauthProvider | null;
  jsSdk: JsSdkTicketProvider;
}

/** Chooses each outside service's adapter from the configuration (the offline sandboxes by default). */
export function createProviders(config: ServerConfig, db: Db, clock: () => number): Providers {
  const sandbox = config.oauthProvider === 'sandbox' ? new SandboxOauthProvider(db, clock, config.wechatAppId) : null;
  const oauth =
    sandbox ??
    new WechatOauthProvider({
      appId: config.wechatAppId,
      appSecret: config.wechatAppSecret,
      apiBase: config.wechatApiBase,
      openBase: config.wechatOpenBase,
    });
  return {
    sms: new DevSmsProvider(clock, config.logLevel === 'silent' ? () => {} : undefined),
    oauth,
    oauthSandbox: sandbox,
    jsSdk: new SandboxTicketProvider(),
  };
}

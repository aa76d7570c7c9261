import type { ServerConfig } from '../config';
import type { Db } from '../db/connect';
import { SandboxTicketProvider } from './jssdk/sandbox-ticket';
import type { JsSdkTicketProvider } from './jssdk/types';
import { WechatTicketProvider } from './jssdk/wechat-ticket';
import { SandboxOauthProvider } from './oauth/sandbox-oauth';
import type { OauthProvider } from './oauth/types';
import { WechatOauthProvider } from './oauth/wechat-oauth';
import type { PayProvider } from './pay';
import { createSmsProviders } from './sms';
import type { DevSmsProvider } from './sms/dev-sms';
import type { SmsProvider } from './sms/types';
import { createTrackingProvider } from './tracking';
import type { TrackingProvider } from './tracking/types';
import { SandboxVodProvider } from './video/sandbox-vod';
import { TencentVodProvider } from './video/tencent-vod';
import type { VideoProvider } from './video/types';

export interface Providers {
  /** Sends login codes (SMS_PROVIDER): the dev inbox, Alibaba Cloud SMS or Tencent Cloud SMS. */
  sms: SmsProvider;
  /** The dev provider's inbox when SMS_PROVIDER=dev (the dev-only /dev/sms-inbox reads it), else null. */
  smsInbox: DevSmsProvider | null;
  oauth: OauthProvider;
  /** The offline OAuth sandbox when OAUTH_PROVIDER=sandbox (its dev authorize page grants codes through it), else null. */
  oauthSandbox: SandboxOauthProvider | null;
  jsSdk: JsSdkTicketProvider;
  /** Signed play URLs of videos (VIDEO_PROVIDER). */
  video: VideoProvider;
  /** The offline video sandbox when VIDEO_PROVIDER=sandbox (its /vod/ routes serve media/hls through it), else null. */
  vodSandbox: SandboxVodProvider | null;
  /** Parcel tracks (TRACKING_PROVIDER): the offline sandbox or Kuaidi100. */
  tracking: TrackingProvider;
  /** WeChat Pay (PAY_PROVIDER), made on first use (the sandbox makes its keys once and keeps them in the database). */
  pay: () => Promise<PayProvider>;
}

/** Chooses each outside service's adapter from the configuration (the offline sandboxes by default). */
export function createProviders(config: ServerConfig, db: Db, clock: () => number): Omit<Providers, 'pay'> {
  const sandbox = config.oauthProvider === 'sandbox' ? new SandboxOauthProvider(db, clock, config.wechatAppId) : null;
  const oauth =
    sandbox ??
    new WechatOauthProvider({
      appId: config.wechatAppId,
      appSecret: config.wechatAppSecret,
      apiBase: config.wechatApiBase,
      openBase: config.wechatOpenBase,
    });
  const vodSandbox =
    config.videoProvider === 'sandbox'
      ? new SandboxVodProvider({ mediaDir: config.mediaDir, key: config.vodKey, ttlSeconds: config.vodTtlSeconds, clock })
      : null;
  const video =
    vodSandbox ??
    new TencentVodProvider({
      domain: config.vodDomain,
      key: config.vodKey,
      ttlSeconds: config.vodTtlSeconds,
      pathPrefix: config.vodPathPrefix,
      clock,
    });
  return {
    ...createSmsProviders(config, clock),
    oauth,
    oauthSandbox: sandbox,
    jsSdk:
      config.jsSdkProvider === 'wechat'
        ? new WechatTicketProvider({
            appId: config.wechatAppId,
            appSecret: config.wechatAppSecret,
            apiBase: config.wechatApiBase,
            db,
            clock,
          })
        : new SandboxTicketProvider(),
    video,
    vodSandbox,
    tracking: createTrackingProvider(config, clock),
  };
}

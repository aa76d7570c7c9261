import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../protocol/keys';
import { type NetworkConfig, networkFrom } from './config-network';
import { type OriginsConfig, originsFrom } from './config-origins';
import { type PayConfig, payFrom } from './config-pay';
import { ConfigError, missingProductionSettings, sandboxesInUse } from './config-profile';
import { secretFrom } from './config-secret';
import { type SecurityConfig, securityFrom } from './config-security';
import { DEFAULTS } from './config-settings';
import { type SmsConfig, smsFrom } from './config-sms';
import { SMS_LIMITS_OFF, type SmsLimitsConfig, smsLimitsFrom } from './config-sms-limits';
import { type TrackingConfig, trackingFrom } from './config-tracking';

export type { SmsProviderName } from './config-sms';
export type OauthProviderName = 'sandbox' | 'wechat';
export type VideoProviderName = 'sandbox' | 'tencent';

export interface ServerConfig extends PayConfig, TrackingConfig, NetworkConfig, OriginsConfig, SmsLimitsConfig, SecurityConfig, SmsConfig {
  production: boolean;
  /** ALLOW_SANDBOXES=1: a production (staging) server may run outside services on their sandboxes. */
  sandboxesAllowed: boolean;
  /** A production server running on sandboxes (ALLOW_SANDBOXES=1): one line each, logged loudly; the app shows 测试环境. */
  stagingSandboxes: string[];
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  jwtSecret: string;
  /** Session length in seconds. */
  jwtTtl: number;
  signKey: string;
  encryptKey: string;
  oauthProvider: OauthProviderName;
  /** JS-SDK jsapi_ticket: `sandbox` (an offline ticket) or `wechat` (fetched with the AppSecret, cached server-wide). */
  jsSdkProvider: 'sandbox' | 'wechat';
  wechatAppId: string;
  /** OAUTH_PROVIDER=wechat only: the official account's AppSecret and WeChat's API and authorize hosts. */
  wechatAppSecret: string;
  wechatApiBase: string;
  wechatOpenBase: string;
  /** Page configs and their schemas. */
  pagesDir: string;
  schemasDir: string;
  /** Watch pages-config/ and apply changes at once (on unless production; SIGHUP reloads anyway). */
  watchPages: boolean;
  /** Serve the built client from this folder (omit for API only). */
  clientDir: string | undefined;
  /** Seed the demo content of content/demo/ on first start (SEED_DEMO; on unless production). */
  seedDemo: boolean;
  /** Where the download pages send Android and iOS visitors (ANDROID_DOWNLOAD_URL, IOS_DOWNLOAD_URL; '' hides the button). */
  androidDownloadUrl: string;
  iosDownloadUrl: string;
  logLevel: string;
  /** Play URLs of videos: the offline sandbox serving media/hls at /vod/ (default) or Tencent Cloud VOD. */
  videoProvider: VideoProviderName;
  /** Key of the URL signatures (Tencent VOD "Key 防盗链"; the sandbox signs and checks with it too). */
  vodKey: string;
  /** VIDEO_PROVIDER=tencent: https base URL of the VOD / CDN domain ('' for the sandbox). */
  vodDomain: string;
  /** Lifetime of a play URL in seconds. */
  vodTtlSeconds: number;
  /** VIDEO_PROVIDER=tencent: path on the domain before the media key ('' or e.g. `/vod`). */
  vodPathPrefix: string;
  /** The sandbox's HLS streams (media/hls). */
  mediaDir: string;
  /** Right redos in a row after which a question leaves the error book by itself (QUESTION_ERROR_GRADUATE_AFTER). */
  errorGraduateAfter: number;
  /** An unpaid order closes by itself after this many seconds (ORDER_TTL_SECONDS, default 30 minutes). */
  orderTtlSeconds: number;
  /** How often the server looks for unpaid orders to close (ORDER_SWEEP_SECONDS; 0 turns the job off). */
  orderSweepSeconds: number;
  /** How often expired login codes, OAuth states, VIP-code tries and idempotency keys are deleted (RETENTION_SWEEP_SECONDS; 0: off). */
  retentionSweepSeconds: number;
}

type Env = Record<string, string | undefined>;

/**
 * A JWT key from JWT_SECRET(_FILE), else one generated once and kept in data/jwt-secret; production requires
 * JWT_SECRET (the profile names it missing, and '' is returned here so nothing is written).
 */
function jwtSecretFrom(env: Env, dataDir: string, production: boolean): string {
  const fromEnv = secretFrom(env, 'JWT_SECRET');
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return fromEnv;
  }
  if (production) return '';
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function intFrom(env: Env, name: string, def: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** A 1/0 switch; unset or empty means `def`. */
function switchFrom(env: Env, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (raw === '1' || raw === '0') return raw === '1';
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
}

/** An http(s) base URL without a trailing slash. */
function baseUrlFrom(env: Env, name: string, def: string): string {
  const raw = env[name] || def;
  if (!/^https?:\/\/[^\s/]+/.test(raw)) throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** An optional https URL ('' when unset or empty). */
function downloadUrlFrom(env: Env, name: string): string {
  const raw = (env[name] ?? '').trim();
  if (raw && !/^https:\/\/[^\s/?#]+[^\s]*$/.test(raw)) throw new Error(`${name} must be an https URL, got "${raw}"`);
  return raw;
}

/** Signing key of the video sandbox outside production (VOD_KEY unset). */
export const DEV_VOD_KEY = DEFAULTS.VOD_KEY;

/** VIDEO_PROVIDER and VOD_KEY / VOD_DOMAIN: tencent needs an https domain, and a key in production. */
function videoFrom(env: Env, production: boolean): { videoProvider: VideoProviderName; vodKey: string; vodDomain: string } {
  const videoProvider = env.VIDEO_PROVIDER || 'sandbox';
  if (videoProvider !== 'sandbox' && videoProvider !== 'tencent') {
    throw new Error(`VIDEO_PROVIDER "${videoProvider}" is not available (supported: sandbox, tencent)`);
  }
  const vodDomain = (env.VOD_DOMAIN ?? '').replace(/\/+$/, '');
  if (vodDomain && !/^https:\/\/[^\s/?#]+$/.test(vodDomain)) throw new Error(`VOD_DOMAIN must be an https base URL, got "${vodDomain}"`);
  if (videoProvider === 'tencent' && !vodDomain) throw new Error('VIDEO_PROVIDER=tencent needs VOD_DOMAIN');
  // Production without VOD_KEY is refused by the profile; the throwaway key below is never used to serve.
  const vodKey = secretFrom(env, 'VOD_KEY') || (production ? crypto.randomBytes(24).toString('base64url') : DEV_VOD_KEY);
  return { videoProvider, vodKey, vodDomain };
}

/**
 * One part of the configuration, its failure collected instead of thrown, so the start names every problem at once;
 * `fallback` (the provider the environment asked for, without its settings) lets the other checks go on.
 */
function take<T>(problems: string[], read: () => T, fallback: T): T {
  try {
    return read();
  } catch (e) {
    problems.push(...(e instanceof ConfigError ? e.problems : [(e as Error).message]));
    return fallback;
  }
}

function wechatFrom(env: Env, wechatAppSecret: string): { oauthProvider: OauthProviderName; jsSdkProvider: 'sandbox' | 'wechat' } {
  const oauth = env.OAUTH_PROVIDER ?? 'sandbox';
  if (oauth !== 'sandbox' && oauth !== 'wechat') throw new Error(`OAUTH_PROVIDER "${oauth}" is not available (supported: sandbox, wechat)`);
  if (oauth === 'wechat' && (!env.WECHAT_APP_ID || !wechatAppSecret)) {
    throw new Error('OAUTH_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET (or WECHAT_APP_SECRET_FILE)');
  }
  const jsSdk = env.JSSDK_PROVIDER ?? oauth;
  if (jsSdk !== 'sandbox' && jsSdk !== 'wechat') throw new Error(`JSSDK_PROVIDER "${jsSdk}" is not available (supported: sandbox, wechat)`);
  if (jsSdk === 'wechat' && (!env.WECHAT_APP_ID || !wechatAppSecret)) {
    throw new Error('JSSDK_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET (or WECHAT_APP_SECRET_FILE)');
  }
  return { oauthProvider: oauth, jsSdkProvider: jsSdk };
}

/** The provider name the environment asked for (for the profile's check when its settings failed). */
const asked = <T extends string>(raw: string | undefined, real: T, sandbox: string): T => (raw === real ? real : (sandbox as T));

export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? DEFAULTS.DATA_DIR);
  const sandboxesAllowed = production && env.ALLOW_SANDBOXES === '1';
  const network = networkFrom(env, production, sandboxesAllowed);
  const problems = [...network.problems, ...(production ? missingProductionSettings(env, (n) => secretFrom(env, n)) : [])];
  const wechatAppSecret = take(problems, () => secretFrom(env, 'WECHAT_APP_SECRET') ?? '', '');
  const wechat = take(problems, () => wechatFrom(env, wechatAppSecret), {
    oauthProvider: asked(env.OAUTH_PROVIDER, 'wechat', 'sandbox'),
    jsSdkProvider: asked(env.JSSDK_PROVIDER ?? env.OAUTH_PROVIDER, 'wechat', 'sandbox'),
  });
  const vodTtlSeconds = intFrom(env, 'VOD_URL_TTL_SECONDS', DEFAULTS.VOD_URL_TTL_SECONDS);
  const errorGraduateAfter = intFrom(env, 'QUESTION_ERROR_GRADUATE_AFTER', DEFAULTS.QUESTION_ERROR_GRADUATE_AFTER);
  if (errorGraduateAfter < 1) throw new Error('QUESTION_ERROR_GRADUATE_AFTER must be at least 1');
  if (vodTtlSeconds < 1) throw new Error('VOD_URL_TTL_SECONDS must be at least 1');
  const config: ServerConfig = {
    production,
    sandboxesAllowed,
    stagingSandboxes: [],
    port: intFrom(env, 'PORT', DEFAULTS.PORT),
    ...network.config,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: path.join(dataDir, 'beikao.sqlite'),
    jwtSecret: overrides.jwtSecret ?? take(problems, () => jwtSecretFrom(env, dataDir, production), ''),
    jwtTtl: intFrom(env, 'JWT_TTL_SECONDS', DEFAULTS.JWT_TTL_SECONDS),
    signKey: take(problems, () => secretFrom(env, 'SIGN_KEY'), undefined) ?? DEFAULT_SIGN_KEY,
    encryptKey: take(problems, () => secretFrom(env, 'ENCRYPT_KEY'), undefined) ?? DEFAULT_ENCRYPT_KEY,
    ...take(problems, () => smsFrom(env), {
      smsProvider: env.SMS_PROVIDER === 'aliyun' || env.SMS_PROVIDER === 'tencent' ? env.SMS_PROVIDER : 'dev',
      aliyunSms: null,
      tencentSms: null,
    }),
    ...wechat,
    wechatAppId: env.WECHAT_APP_ID ?? DEFAULTS.WECHAT_APP_ID,
    wechatAppSecret,
    wechatApiBase: baseUrlFrom(env, 'WECHAT_API_BASE', DEFAULTS.WECHAT_API_BASE),
    wechatOpenBase: baseUrlFrom(env, 'WECHAT_OPEN_BASE', DEFAULTS.WECHAT_OPEN_BASE),
    pagesDir: path.resolve(env.PAGES_DIR ?? DEFAULTS.PAGES_DIR),
    schemasDir: path.resolve('schemas'),
    watchPages: env.PAGES_WATCH ? env.PAGES_WATCH === '1' : !production,
    clientDir: path.resolve('dist'),
    seedDemo: switchFrom(env, 'SEED_DEMO', !production),
    androidDownloadUrl: take(problems, () => downloadUrlFrom(env, 'ANDROID_DOWNLOAD_URL'), ''),
    iosDownloadUrl: take(problems, () => downloadUrlFrom(env, 'IOS_DOWNLOAD_URL'), ''),
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    ...take(problems, () => videoFrom(env, production), {
      videoProvider: asked<VideoProviderName>(env.VIDEO_PROVIDER, 'tencent', 'sandbox'),
      vodKey: DEV_VOD_KEY,
      vodDomain: '',
    }),
    vodTtlSeconds,
    vodPathPrefix: env.VOD_PATH_PREFIX ?? '',
    mediaDir: path.resolve('media/hls'),
    errorGraduateAfter,
    orderTtlSeconds: intFrom(env, 'ORDER_TTL_SECONDS', DEFAULTS.ORDER_TTL_SECONDS),
    orderSweepSeconds: intFrom(env, 'ORDER_SWEEP_SECONDS', DEFAULTS.ORDER_SWEEP_SECONDS),
    retentionSweepSeconds: intFrom(env, 'RETENTION_SWEEP_SECONDS', DEFAULTS.RETENTION_SWEEP_SECONDS),
    ...take(problems, () => payFrom(env), { payProvider: asked(env.PAY_PROVIDER, 'wechat', 'sandbox'), wechatPay: null, payNotifyUrl: '' }),
    ...take(problems, () => trackingFrom(env), {
      trackingProvider: asked(env.TRACKING_PROVIDER, 'kuaidi100', 'sandbox'),
      kuaidi100: null,
      trackingRefreshSeconds: DEFAULTS.TRACKING_REFRESH_SECONDS,
    }),
    ...take(problems, () => securityFrom(env), securityFrom({})),
    ...take(problems, () => originsFrom(env), originsFrom({})),
    ...take(problems, () => smsLimitsFrom(env, dataDir, production), { smsLimits: SMS_LIMITS_OFF, altchaHmacKey: '' }),
    ...overrides,
  };
  if (production) {
    const sandboxes = sandboxesInUse(config);
    if (sandboxesAllowed) config.stagingSandboxes = sandboxes;
    else problems.push(...sandboxes);
    if (problems.length > 0 && sandboxes.length > 0 && !sandboxesAllowed) {
      throw new ConfigError(problems, 'ALLOW_SANDBOXES=1 starts a staging server on the sandboxes anyway (never for real users).');
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

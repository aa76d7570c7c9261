import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../protocol/keys';
import { type PayConfig, payFrom } from './config-pay';
import { type TrackingConfig, trackingFrom } from './config-tracking';

export type SmsProviderName = 'dev';
export type OauthProviderName = 'sandbox' | 'wechat';
export type VideoProviderName = 'sandbox' | 'tencent';

export interface ServerConfig extends PayConfig, TrackingConfig {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  jwtSecret: string;
  /** Session length in seconds. */
  jwtTtl: number;
  signKey: string;
  encryptKey: string;
  smsProvider: SmsProviderName;
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
  /** Dev-only inbox and sandbox pages are on unless production. */
  devTools: boolean;
  /** Seed the demo content of content/demo/ on first start (SEED_DEMO; on unless production). */
  seedDemo: boolean;
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
}

type Env = Record<string, string | undefined>;

/** A JWT key from JWT_SECRET, else one generated once and kept in data/jwt-secret; production requires JWT_SECRET. */
function jwtSecretFrom(env: Env, dataDir: string, production: boolean): string {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return fromEnv;
  }
  if (production) throw new Error('JWT_SECRET is required when NODE_ENV=production');
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

/** Signing key of the video sandbox outside production (VOD_KEY unset). */
export const DEV_VOD_KEY = 'beikao-dev-vod-key';

/** VIDEO_PROVIDER and VOD_KEY / VOD_DOMAIN: tencent needs an https domain, and a key in production. */
function videoFrom(env: Env, production: boolean): { videoProvider: VideoProviderName; vodKey: string; vodDomain: string } {
  const videoProvider = env.VIDEO_PROVIDER || 'sandbox';
  if (videoProvider !== 'sandbox' && videoProvider !== 'tencent') {
    throw new Error(`VIDEO_PROVIDER "${videoProvider}" is not available (supported: sandbox, tencent)`);
  }
  const vodDomain = (env.VOD_DOMAIN ?? '').replace(/\/+$/, '');
  if (vodDomain && !/^https:\/\/[^\s/?#]+$/.test(vodDomain)) throw new Error(`VOD_DOMAIN must be an https base URL, got "${vodDomain}"`);
  if (videoProvider === 'tencent' && !vodDomain) throw new Error('VIDEO_PROVIDER=tencent needs VOD_DOMAIN');
  if (videoProvider === 'tencent' && production && !env.VOD_KEY) {
    throw new Error('VIDEO_PROVIDER=tencent needs VOD_KEY when NODE_ENV=production');
  }
  // Production with the sandbox and no VOD_KEY: a key of this process only (its URLs end with it).
  const vodKey = env.VOD_KEY || (production ? crypto.randomBytes(24).toString('base64url') : DEV_VOD_KEY);
  return { videoProvider, vodKey, vodDomain };
}

export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  const sms = env.SMS_PROVIDER ?? 'dev';
  if (sms !== 'dev') throw new Error(`SMS_PROVIDER "${sms}" is not available (supported: dev)`);
  const oauth = env.OAUTH_PROVIDER ?? 'sandbox';
  if (oauth !== 'sandbox' && oauth !== 'wechat') throw new Error(`OAUTH_PROVIDER "${oauth}" is not available (supported: sandbox, wechat)`);
  if (oauth === 'wechat' && (!env.WECHAT_APP_ID || !env.WECHAT_APP_SECRET)) {
    throw new Error('OAUTH_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET');
  }
  const jsSdk = env.JSSDK_PROVIDER ?? oauth;
  if (jsSdk !== 'sandbox' && jsSdk !== 'wechat') throw new Error(`JSSDK_PROVIDER "${jsSdk}" is not available (supported: sandbox, wechat)`);
  if (jsSdk === 'wechat' && (!env.WECHAT_APP_ID || !env.WECHAT_APP_SECRET)) {
    throw new Error('JSSDK_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET');
  }
  if (production && !env.SIGN_KEY) throw new Error('SIGN_KEY is required when NODE_ENV=production');
  if (production && !env.ENCRYPT_KEY) throw new Error('ENCRYPT_KEY is required when NODE_ENV=production');
  const vodTtlSeconds = intFrom(env, 'VOD_URL_TTL_SECONDS', 7200);
  const errorGraduateAfter = intFrom(env, 'QUESTION_ERROR_GRADUATE_AFTER', 3);
  if (errorGraduateAfter < 1) throw new Error('QUESTION_ERROR_GRADUATE_AFTER must be at least 1');
  if (vodTtlSeconds < 1) throw new Error('VOD_URL_TTL_SECONDS must be at least 1');
  return {
    production,
    port: intFrom(env, 'PORT', 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: path.join(dataDir, 'beikao.sqlite'),
    jwtSecret: overrides.jwtSecret ?? jwtSecretFrom(env, dataDir, production),
    jwtTtl: intFrom(env, 'JWT_TTL_SECONDS', 30 * 24 * 3600),
    signKey: env.SIGN_KEY ?? DEFAULT_SIGN_KEY,
    encryptKey: env.ENCRYPT_KEY ?? DEFAULT_ENCRYPT_KEY,
    smsProvider: 'dev',
    oauthProvider: oauth,
    jsSdkProvider: jsSdk,
    wechatAppId: env.WECHAT_APP_ID ?? 'wx-sandbox-app',
    wechatAppSecret: env.WECHAT_APP_SECRET ?? '',
    wechatApiBase: baseUrlFrom(env, 'WECHAT_API_BASE', 'https://api.weixin.qq.com'),
    wechatOpenBase: baseUrlFrom(env, 'WECHAT_OPEN_BASE', 'https://open.weixin.qq.com'),
    pagesDir: path.resolve(env.PAGES_DIR ?? 'pages-config'),
    schemasDir: path.resolve('schemas'),
    watchPages: env.PAGES_WATCH ? env.PAGES_WATCH === '1' : !production,
    clientDir: path.resolve('dist'),
    devTools: !production,
    seedDemo: switchFrom(env, 'SEED_DEMO', !production),
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    ...videoFrom(env, production),
    vodTtlSeconds,
    vodPathPrefix: env.VOD_PATH_PREFIX ?? '',
    mediaDir: path.resolve('media/hls'),
    errorGraduateAfter,
    orderTtlSeconds: intFrom(env, 'ORDER_TTL_SECONDS', 1800),
    orderSweepSeconds: intFrom(env, 'ORDER_SWEEP_SECONDS', 30),
    ...payFrom(env),
    ...trackingFrom(env),
    ...overrides,
  };
}

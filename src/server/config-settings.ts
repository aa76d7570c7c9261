/**
 * Every setting beikao reads from its environment, declared once: the server's (src/server/config*.ts, main.ts), the
 * client's build-time ones (vite.config.ts, src/api/config.ts) and those of `npm run dev` and the tests.
 * scripts/gen-config-docs.ts writes docs/configuration.md from this list, and its `--check` (in `npm test`) fails when
 * the list and the code disagree: a setting read but not declared here, or declared but read nowhere.
 * The readers take their plain defaults from DEFAULTS below, so the documented default is the one the code uses.
 */
import { HOST_PREFIX, type Host } from '../contract/endpoint';
import { DEFAULT_ENCRYPT_KEY, DEFAULT_SIGN_KEY } from '../protocol/keys';
import { SMS_LIMIT_DEFAULTS } from './config-sms-limits';
import { ALIYUN_SMS_ENDPOINT } from './providers/sms/aliyun-sms';
import { TENCENT_SMS_ENDPOINT } from './providers/sms/tencent-sms';
import { KUAIDI100_API_BASE } from './providers/tracking/kuaidi100';

/** The readers' plain defaults (used when the setting is unset or, for most, empty). */
export const DEFAULTS = {
  HOST: '127.0.0.1',
  PORT: 8080,
  DATA_DIR: 'data',
  JWT_TTL_SECONDS: 30 * 24 * 3600,
  WECHAT_APP_ID: 'wx-sandbox-app',
  WECHAT_API_BASE: 'https://api.weixin.qq.com',
  WECHAT_OPEN_BASE: 'https://open.weixin.qq.com',
  WECHATPAY_API_BASE: 'https://api.mch.weixin.qq.com',
  ALIYUN_SMS_REGION: 'cn-hangzhou',
  TENCENT_SMS_REGION: 'ap-guangzhou',
  /** Signing key of the video sandbox outside production (VOD_KEY unset). */
  VOD_KEY: 'beikao-dev-vod-key',
  VOD_URL_TTL_SECONDS: 7200,
  TRACKING_REFRESH_SECONDS: 600,
  PAGES_DIR: 'pages-config',
  QUESTION_ERROR_GRADUATE_AFTER: 3,
  ORDER_TTL_SECONDS: 1800,
  ORDER_SWEEP_SECONDS: 30,
  RETENTION_SWEEP_SECONDS: 3600,
} as const;

export type SettingGroup =
  | 'server'
  | 'secrets'
  | 'production'
  | 'wechat'
  | 'payment'
  | 'sms'
  | 'video'
  | 'tracking'
  | 'security'
  | 'limits'
  | 'content'
  | 'logging'
  | 'client'
  | 'development';

/** The sections of docs/configuration.md, in order. */
export const SETTING_GROUPS: Readonly<Record<SettingGroup, { title: string; intro: string }>> = {
  server: { title: 'Server and database', intro: 'Where the server listens, whom it believes, and where it keeps its data.' },
  secrets: {
    title: 'Secrets',
    intro:
      'Keys every server of a deployment shares. Outside production each has a development value; production refuses ' +
      'to start without them.',
  },
  production: {
    title: 'Production profile',
    intro:
      '`NODE_ENV=production` refuses to start, naming every problem at once, when a required setting is missing or an ' +
      'outside service would run on its offline sandbox or dev provider (`PAY_PROVIDER`, `OAUTH_PROVIDER`, ' +
      '`JSSDK_PROVIDER`, `SMS_PROVIDER`, `VIDEO_PROVIDER`, `TRACKING_PROVIDER`). See [operations.md](operations.md).',
  },
  wechat: { title: 'WeChat login and JS-SDK', intro: 'The official account behind WeChat OAuth login and the JS-SDK.' },
  payment: {
    title: 'Payment (WeChat Pay)',
    intro:
      'With `PAY_PROVIDER=wechat` the server talks to WeChat Pay API v3 with the merchant’s keys; the other ' +
      'settings of this section are read only then (except `PAY_NOTIFY_URL`).',
  },
  sms: {
    title: 'SMS login codes',
    intro:
      'With `SMS_PROVIDER=aliyun` or `tencent` the `ALIYUN_SMS_*` or `TENCENT_SMS_*` settings are read and every missing ' +
      'or malformed one is named at the start. Endpoints are https; `http://127.0.0.1:<port>` only for a local fake.',
  },
  video: { title: 'Video play URLs', intro: 'Signed play URLs: the offline sandbox (media/hls at /vod/) or Tencent Cloud VOD.' },
  tracking: { title: 'Parcel tracking', intro: 'Parcel tracks of shipped orders: invented offline, or Kuaidi100’s real-time query API.' },
  security: {
    title: 'Security headers and origins',
    intro:
      'The Content-Security-Policy and the origins a return URL may point to. The origins of `VOD_DOMAIN` and of ' +
      'absolute `VITE_HOST_<NAME>` values (see [Client build](#client-build)) are added to `connect-src` as well.',
  },
  limits: {
    title: 'Limits and jobs',
    intro:
      'How long a login lasts, the limits against SMS pumping (counted in the database, so they hold across servers; ' +
      '`0` turns one off) and the periodic jobs each server runs (safe with several servers on one database).',
  },
  content: { title: 'Content and pages', intro: 'Page configs, demo content and content rules.' },
  logging: { title: 'Logging', intro: 'The server logs JSON lines (Fastify’s logger) to standard output.' },
  client: {
    title: 'Client build',
    intro:
      'Read by Vite when the client is built (`npm run build`, `npm start`) and baked into the bundle; changing one ' +
      'needs a new build. The server must be given the same values.',
  },
  development: {
    title: 'Development and tests',
    intro: 'Read by `npm run dev` and the test suites only; a server never reads them.',
  },
};

/** What production does with a setting: requires it (see `rule`), refuses some value of it, or nothing special. */
export type ProductionRule = 'required' | 'refused-if' | '';

export interface Setting {
  /** The environment variable; `<NAME>` marks a family (`VITE_HOST_<NAME>`). */
  name: string;
  group: SettingGroup;
  /** The default as Markdown text (code in backticks). */
  default: string;
  /** A secret: read from the file `<name>_FILE` names when that is set, else from `<name>`; never logged. */
  secret: boolean;
  production: ProductionRule;
  /** When `production` is set: the rule the start enforces, as Markdown text. */
  rule?: string;
  /** What it does and the values it takes, as Markdown text. */
  description: string;
}

const code = (v: string | number) => `\`${v}\``;
const HOSTS = Object.keys(HOST_PREFIX) as Host[];
const UNLESS_SANDBOXES = 'required in production unless `ALLOW_SANDBOXES=1`';

export const SETTINGS: readonly Setting[] = [
  // Server and database
  {
    name: 'HOST',
    group: 'server',
    default: code(DEFAULTS.HOST),
    secret: false,
    production: 'refused-if',
    rule: 'a non-loopback address refused outside production unless `DEV_TOOLS` is set (`0`, or `1` knowingly)',
    description: 'Interface to listen on (`0.0.0.0` for every interface).',
  },
  {
    name: 'PORT',
    group: 'server',
    default: code(DEFAULTS.PORT),
    secret: false,
    production: '',
    description: 'Port of the app and the API. With `npm run dev`: the port of Vite’s dev server.',
  },
  {
    name: 'TRUST_PROXY',
    group: 'server',
    default: 'off',
    secret: false,
    production: 'refused-if',
    rule: '`true` or `1` refused in any mode: it would believe any client’s `X-Forwarded-For`',
    description:
      'Believe `X-Forwarded-For/-Host/-Proto` only from these proxies: a hop count (`1`), or comma-separated addresses ' +
      'and CIDR ranges (`10.0.0.0/8,127.0.0.1`, also `loopback`, `linklocal`, `uniquelocal`). `0` or `off`: off.',
  },
  {
    name: 'DEV_TOOLS',
    group: 'server',
    default: '`1` outside production on a loopback `HOST`, else `0`',
    secret: false,
    production: 'refused-if',
    rule: '`1` refused in production unless `ALLOW_SANDBOXES=1`',
    description: '`1` or `0`: serve `/dev/*` (the SMS inbox shows every login code), the sandbox authorize page and dev-only pages.',
  },
  {
    name: 'DATA_DIR',
    group: 'server',
    default: code(DEFAULTS.DATA_DIR),
    secret: false,
    production: '',
    description: 'Folder of the SQLite file (`beikao.sqlite`) and of the keys generated outside production.',
  },
  {
    name: 'DATABASE_URL',
    group: 'server',
    default: 'unset: SQLite at `<DATA_DIR>/beikao.sqlite`',
    secret: false,
    production: '',
    description: '`postgres://…` selects PostgreSQL.',
  },
  {
    name: 'API_ONLY',
    group: 'server',
    default: 'unset',
    secret: false,
    production: '',
    description: 'Any non-empty value: serve the API only, not the built client in `dist/` (`npm run dev` sets it).',
  },

  // Secrets
  {
    name: 'JWT_SECRET',
    group: 'secrets',
    default: 'generated once into `<DATA_DIR>/jwt-secret` outside production',
    secret: true,
    production: 'required',
    rule: 'required in production',
    description: 'HS256 key of the session tokens; at least 32 characters.',
  },
  {
    name: 'SIGN_KEY',
    group: 'secrets',
    default: `${code(DEFAULT_SIGN_KEY)} outside production`,
    secret: true,
    production: 'required',
    rule: 'required in production',
    description: 'HMAC key of the request `sign`; the client is built with the same value (`VITE_SIGN_KEY`).',
  },
  {
    name: 'ENCRYPT_KEY',
    group: 'secrets',
    default: `${code(DEFAULT_ENCRYPT_KEY)} outside production`,
    secret: true,
    production: 'required',
    rule: 'required in production',
    description: 'Source of the AES-256-GCM key of encrypted replies; the client is built with the same value (`VITE_ENCRYPT_KEY`).',
  },
  {
    name: 'VOD_KEY',
    group: 'secrets',
    default: `${code(DEFAULTS.VOD_KEY)} outside production`,
    secret: true,
    production: 'required',
    rule: 'required in production: every server must sign play URLs with the same key',
    description: 'Key of the play-URL signatures (Tencent Cloud VOD’s “Key 防盗链”); the video sandbox signs and checks with it too.',
  },
  {
    name: 'ALTCHA_HMAC_KEY',
    group: 'secrets',
    default: 'generated once into `<DATA_DIR>/altcha-hmac-key` outside production',
    secret: true,
    production: 'required',
    rule: 'required in production: every server must check the same SMS challenges',
    description: 'Signs the proof-of-work challenges of the SMS form; at least 32 characters.',
  },

  // Production profile
  {
    name: 'NODE_ENV',
    group: 'production',
    default: 'unset',
    secret: false,
    production: '',
    description:
      '`production` turns the production profile on: its requirements are checked, dev tools, demo seeding and page ' +
      'watching default to off, and `LOG_LEVEL` to `info`.',
  },
  {
    name: 'ALLOW_SANDBOXES',
    group: 'production',
    default: code(0),
    secret: false,
    production: '',
    description:
      'Production only, `1` or `0`: `1` starts a staging server on the offline sandboxes anyway (a loud warning, a ' +
      '测试环境 ribbon in the app). Never for real users.',
  },

  // WeChat
  {
    name: 'OAUTH_PROVIDER',
    group: 'wechat',
    default: code('sandbox'),
    secret: false,
    production: 'required',
    rule: `\`wechat\` ${UNLESS_SANDBOXES}`,
    description:
      '`sandbox`: an offline authorize page that logs anyone in as a made-up WeChat user (dev tools only); `wechat`: ' +
      'WeChat OAuth, which needs `WECHAT_APP_ID` and `WECHAT_APP_SECRET`.',
  },
  {
    name: 'JSSDK_PROVIDER',
    group: 'wechat',
    default: 'as `OAUTH_PROVIDER`',
    secret: false,
    production: 'required',
    rule: `\`wechat\` ${UNLESS_SANDBOXES}`,
    description:
      'The JS-SDK `jsapi_ticket`: `sandbox` (an offline ticket) or `wechat` (fetched with the AppSecret, cached ' +
      'server-wide; needs `WECHAT_APP_ID`, `WECHAT_APP_SECRET` and the server’s IP on the account’s API whitelist).',
  },
  {
    name: 'WECHAT_APP_ID',
    group: 'wechat',
    default: code(DEFAULTS.WECHAT_APP_ID),
    secret: false,
    production: '',
    description: 'The official account’s AppID (OAuth, JS-SDK config, and the `appid` of payments).',
  },
  {
    name: 'WECHAT_APP_SECRET',
    group: 'wechat',
    default: 'empty',
    secret: true,
    production: '',
    description: 'The official account’s AppSecret (`OAUTH_PROVIDER=wechat` or `JSSDK_PROVIDER=wechat`).',
  },
  {
    name: 'WECHAT_API_BASE',
    group: 'wechat',
    default: code(DEFAULTS.WECHAT_API_BASE),
    secret: false,
    production: '',
    description: 'WeChat’s API host (access token, user info, JS-SDK ticket); an http(s) URL.',
  },
  {
    name: 'WECHAT_OPEN_BASE',
    group: 'wechat',
    default: code(DEFAULTS.WECHAT_OPEN_BASE),
    secret: false,
    production: '',
    description: 'WeChat’s authorize-page host; an http(s) URL.',
  },

  // Payment
  {
    name: 'PAY_PROVIDER',
    group: 'payment',
    default: code('sandbox'),
    secret: false,
    production: 'required',
    rule: `\`wechat\` ${UNLESS_SANDBOXES}`,
    description: '`sandbox`: the offline cashier this app serves (anyone can pay for free); `wechat`: WeChat Pay API v3.',
  },
  {
    name: 'PAY_NOTIFY_URL',
    group: 'payment',
    default: 'this server’s origin + `/api/pay/notify/wechat`',
    secret: false,
    production: '',
    description:
      'The notify URL WeChat Pay calls, without a query. Required with `wechat`: https and publicly reachable ' +
      '(`https://<domain>/api/pay/notify/wechat`; plain http only to a loopback address).',
  },
  {
    name: 'WECHATPAY_MCHID',
    group: 'payment',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `wechat`: the merchant id (商户号).',
  },
  {
    name: 'WECHATPAY_SERIAL_NO',
    group: 'payment',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `wechat`: the serial number of the merchant API certificate (商户 API 证书序列号).',
  },
  {
    name: 'WECHATPAY_PRIVATE_KEY',
    group: 'payment',
    default: '—',
    secret: true,
    production: '',
    description: 'Required with `wechat`: the merchant API private key (`apiclient_key.pem`), PEM.',
  },
  {
    name: 'WECHATPAY_APIV3_KEY',
    group: 'payment',
    default: '—',
    secret: true,
    production: '',
    description: 'Required with `wechat`: the APIv3 key (exactly 32 bytes) that decrypts notifications.',
  },
  {
    name: 'WECHATPAY_PUBLIC_KEY',
    group: 'payment',
    default: '—',
    secret: true,
    production: '',
    description:
      'The WeChat Pay public key (微信支付公钥), PEM, with `WECHATPAY_PUBLIC_KEY_ID`. With `wechat`, this or a platform ' +
      'certificate (or both during a switch) is required.',
  },
  {
    name: 'WECHATPAY_PUBLIC_KEY_ID',
    group: 'payment',
    default: '—',
    secret: false,
    production: '',
    description: 'The public key’s id, `PUB_KEY_ID_…`; required with `WECHATPAY_PUBLIC_KEY`.',
  },
  {
    name: 'WECHATPAY_PLATFORM_CERT',
    group: 'payment',
    default: '—',
    secret: true,
    production: '',
    description: 'A platform certificate, PEM (merchants registered before the public keys), with `WECHATPAY_PLATFORM_CERT_SERIAL`.',
  },
  {
    name: 'WECHATPAY_PLATFORM_CERT_SERIAL',
    group: 'payment',
    default: '—',
    secret: false,
    production: '',
    description: 'The platform certificate’s serial; required with `WECHATPAY_PLATFORM_CERT`.',
  },
  {
    name: 'WECHATPAY_API_BASE',
    group: 'payment',
    default: code(DEFAULTS.WECHATPAY_API_BASE),
    secret: false,
    production: '',
    description: 'WeChat Pay’s API host (a local fake in tests).',
  },

  // SMS
  {
    name: 'SMS_PROVIDER',
    group: 'sms',
    default: code('dev'),
    secret: false,
    production: 'required',
    rule: `\`aliyun\` or \`tencent\` ${UNLESS_SANDBOXES}`,
    description:
      '`dev`: no SMS is sent, codes go to the server log and the dev inbox `/dev/inbox`; `aliyun`: Alibaba Cloud SMS; ' +
      '`tencent`: Tencent Cloud SMS.',
  },
  {
    name: 'ALIYUN_SMS_ACCESS_KEY_ID',
    group: 'sms',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `aliyun`: the AccessKey id (a RAM user with SMS send rights only).',
  },
  {
    name: 'ALIYUN_SMS_ACCESS_KEY_SECRET',
    group: 'sms',
    default: '—',
    secret: true,
    production: '',
    description: 'Required with `aliyun`: the AccessKey secret.',
  },
  {
    name: 'ALIYUN_SMS_SIGN_NAME',
    group: 'sms',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `aliyun`: the approved sign name (签名), e.g. `备考`.',
  },
  {
    name: 'ALIYUN_SMS_TEMPLATE_CODE',
    group: 'sms',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `aliyun`: the approved verification template, `SMS_<digits>`, with `${code}`.',
  },
  {
    name: 'ALIYUN_SMS_REGION',
    group: 'sms',
    default: code(DEFAULTS.ALIYUN_SMS_REGION),
    secret: false,
    production: '',
    description: 'Alibaba Cloud region.',
  },
  {
    name: 'ALIYUN_SMS_ENDPOINT',
    group: 'sms',
    default: code(ALIYUN_SMS_ENDPOINT),
    secret: false,
    production: '',
    description: 'Alibaba Cloud SMS API endpoint.',
  },
  {
    name: 'TENCENT_SMS_SECRET_ID',
    group: 'sms',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `tencent`: the SecretId (a CAM user with SMS send rights only).',
  },
  {
    name: 'TENCENT_SMS_SECRET_KEY',
    group: 'sms',
    default: '—',
    secret: true,
    production: '',
    description: 'Required with `tencent`: the SecretKey.',
  },
  {
    name: 'TENCENT_SMS_SDK_APP_ID',
    group: 'sms',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `tencent`: the SMS application’s SdkAppId (digits, `1400…`).',
  },
  {
    name: 'TENCENT_SMS_SIGN_NAME',
    group: 'sms',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `tencent`: the approved sign name (签名).',
  },
  {
    name: 'TENCENT_SMS_TEMPLATE_ID',
    group: 'sms',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `tencent`: the approved verification template’s id (digits), `{1}` = the code.',
  },
  {
    name: 'TENCENT_SMS_TEMPLATE_PARAMS',
    group: 'sms',
    default: code('code'),
    secret: false,
    production: '',
    description: 'The template’s parameters: `code`, or `code,minutes` when `{2}` is the minutes the code is valid.',
  },
  {
    name: 'TENCENT_SMS_REGION',
    group: 'sms',
    default: code(DEFAULTS.TENCENT_SMS_REGION),
    secret: false,
    production: '',
    description: 'Tencent Cloud region.',
  },
  {
    name: 'TENCENT_SMS_ENDPOINT',
    group: 'sms',
    default: code(TENCENT_SMS_ENDPOINT),
    secret: false,
    production: '',
    description: 'Tencent Cloud SMS API endpoint; a real one must be an `sms.…` host (the SDK signs for that service).',
  },

  // Video
  {
    name: 'VIDEO_PROVIDER',
    group: 'video',
    default: code('sandbox'),
    secret: false,
    production: 'required',
    rule: `\`tencent\` ${UNLESS_SANDBOXES}`,
    description:
      '`sandbox`: signed same-origin URLs `/vod/<mediaKey>/index.m3u8` of the sample streams in `media/hls/`; ' +
      '`tencent`: Tencent Cloud VOD, which needs `VOD_DOMAIN`.',
  },
  {
    name: 'VOD_DOMAIN',
    group: 'video',
    default: 'empty',
    secret: false,
    production: '',
    description:
      'Required with `tencent`: the https base URL of the VOD / CDN domain (no path); its origin is added to CSP ' +
      '`connect-src` and `media-src`.',
  },
  {
    name: 'VOD_PATH_PREFIX',
    group: 'video',
    default: 'empty',
    secret: false,
    production: '',
    description: '`tencent` only: the path on the domain before the media key (e.g. `/vod`).',
  },
  {
    name: 'VOD_URL_TTL_SECONDS',
    group: 'video',
    default: code(DEFAULTS.VOD_URL_TTL_SECONDS),
    secret: false,
    production: '',
    description: 'Lifetime of a play URL (and its segments); at least 1.',
  },

  // Tracking
  {
    name: 'TRACKING_PROVIDER',
    group: 'tracking',
    default: code('sandbox'),
    secret: false,
    production: 'required',
    rule: `\`kuaidi100\` ${UNLESS_SANDBOXES}`,
    description: '`sandbox`: invented, plausible tracks offline; `kuaidi100`: Kuaidi100’s real-time query API (实时快递查询).',
  },
  {
    name: 'KUAIDI100_CUSTOMER',
    group: 'tracking',
    default: '—',
    secret: false,
    production: '',
    description: 'Required with `kuaidi100`: the company number (customer) Kuaidi100 assigned.',
  },
  {
    name: 'KUAIDI100_KEY',
    group: 'tracking',
    default: '—',
    secret: true,
    production: '',
    description: 'Required with `kuaidi100`: the authorization key.',
  },
  {
    name: 'KUAIDI100_API_BASE',
    group: 'tracking',
    default: code(KUAIDI100_API_BASE),
    secret: false,
    production: '',
    description: 'Kuaidi100’s API host: an https base URL (plain http only to a loopback address, for a local fake).',
  },
  {
    name: 'TRACKING_REFRESH_SECONDS',
    group: 'tracking',
    default: code(DEFAULTS.TRACKING_REFRESH_SECONDS),
    secret: false,
    production: '',
    description:
      'A parcel’s track is asked of the provider at most this often (at least 60; Kuaidi100 bills each query); final tracks never again.',
  },

  // Security headers and origins
  {
    name: 'PUBLIC_ORIGINS',
    group: 'security',
    default: 'unset: the origin the request came to (plus loopback outside production)',
    secret: false,
    production: 'required',
    rule: 'required in production',
    description:
      'Comma-separated https origins the app is served from (`https://m.example.com,https://example.com`; plain http ' +
      'only to loopback). A WeChat OAuth return URL on another origin is refused.',
  },
  {
    name: 'FRAME_ANCESTORS',
    group: 'security',
    default: code('self'),
    secret: false,
    production: '',
    description: 'CSP `frame-ancestors`: `none`, `self`, or `self` and/or https origins, separated by spaces or commas.',
  },
  {
    name: 'CSP_CONNECT_SRC',
    group: 'security',
    default: 'empty',
    secret: false,
    production: '',
    description:
      'More origins the client may call (comma- or space-separated http(s) URLs, reduced to their origins), added to CSP `connect-src`.',
  },

  // Limits and jobs
  {
    name: 'JWT_TTL_SECONDS',
    group: 'limits',
    default: `${code(DEFAULTS.JWT_TTL_SECONDS)} (30 days)`,
    secret: false,
    production: '',
    description: 'Lifetime of a session token: a login lasts this long.',
  },
  {
    name: 'SMS_LIMIT_IP_HOUR',
    group: 'limits',
    default: code(SMS_LIMIT_DEFAULTS.ipHour),
    secret: false,
    production: '',
    description: 'Login codes one IP may have sent per clock hour (challenges do the everyday work; many users share an IP).',
  },
  {
    name: 'SMS_LIMIT_IP_DAY',
    group: 'limits',
    default: code(SMS_LIMIT_DEFAULTS.ipDay),
    secret: false,
    production: '',
    description: 'Login codes one IP may have sent per China calendar day.',
  },
  {
    name: 'SMS_LIMIT_DEVICE_HOUR',
    group: 'limits',
    default: code(SMS_LIMIT_DEFAULTS.deviceHour),
    secret: false,
    production: '',
    description: 'Login codes one device id may have sent per clock hour.',
  },
  {
    name: 'SMS_LIMIT_DEVICE_DAY',
    group: 'limits',
    default: code(SMS_LIMIT_DEFAULTS.deviceDay),
    secret: false,
    production: '',
    description: 'Login codes one device id may have sent per China calendar day.',
  },
  {
    name: 'SMS_GLOBAL_HOURLY_BUDGET',
    group: 'limits',
    default: code(SMS_LIMIT_DEFAULTS.globalHour),
    secret: false,
    production: '',
    description: 'Login codes all clients together may have sent per clock hour (caps the carrier’s bill).',
  },
  {
    name: 'SMS_CHALLENGE_AFTER',
    group: 'limits',
    default: code(SMS_LIMIT_DEFAULTS.challengeAfter),
    secret: false,
    production: '',
    description: 'Sends from one IP per hour without a solved proof-of-work challenge; each later one needs one.',
  },
  {
    name: 'ORDER_TTL_SECONDS',
    group: 'limits',
    default: `${code(DEFAULTS.ORDER_TTL_SECONDS)} (30 minutes)`,
    secret: false,
    production: '',
    description: 'An unpaid order closes by itself this long after it was made (its stock returns).',
  },
  {
    name: 'ORDER_SWEEP_SECONDS',
    group: 'limits',
    default: code(DEFAULTS.ORDER_SWEEP_SECONDS),
    secret: false,
    production: '',
    description: 'How often each server looks for unpaid orders to close; `0` turns the job off.',
  },
  {
    name: 'RETENTION_SWEEP_SECONDS',
    group: 'limits',
    default: code(DEFAULTS.RETENTION_SWEEP_SECONDS),
    secret: false,
    production: '',
    description:
      'How often each server deletes expired login codes, OAuth states, VIP-code tries and idempotency keys; `0` turns the job off.',
  },

  // Content and pages
  {
    name: 'PAGES_DIR',
    group: 'content',
    default: code(DEFAULTS.PAGES_DIR),
    secret: false,
    production: '',
    description: 'Folder of the page configs the server serves.',
  },
  {
    name: 'PAGES_WATCH',
    group: 'content',
    default: '`1` outside production, else `0`',
    secret: false,
    production: '',
    description: '`1`: watch `PAGES_DIR` and apply changes at once (any other value: off). `kill -HUP <pid>` reloads in any mode.',
  },
  {
    name: 'SEED_DEMO',
    group: 'content',
    default: '`1` outside production, else `0`',
    secret: false,
    production: '',
    description:
      '`1` or `0`: the first start of an empty database also seeds the demo content of `content/demo/` (`0`: reference ' +
      'data only). Later starts never reseed.',
  },
  {
    name: 'ANDROID_DOWNLOAD_URL',
    group: 'content',
    default: 'unset: no Android download button',
    secret: false,
    production: '',
    description:
      'The https address of the Android app (the .apk or its app-store page) that the download pages link to, given ' +
      'to the client by `framework.app_download`. Unset, the Android download button is not shown.',
  },
  {
    name: 'IOS_DOWNLOAD_URL',
    group: 'content',
    default: 'unset: no iOS download button',
    secret: false,
    production: '',
    description:
      'The https address of the iOS app on the App Store, as `ANDROID_DOWNLOAD_URL`. Unset, the iOS download button ' + 'is not shown.',
  },
  {
    name: 'QUESTION_ERROR_GRADUATE_AFTER',
    group: 'content',
    default: code(DEFAULTS.QUESTION_ERROR_GRADUATE_AFTER),
    secret: false,
    production: '',
    description: 'Right redos in a row after which a question leaves the error book by itself; at least 1.',
  },

  // Logging
  {
    name: 'LOG_LEVEL',
    group: 'logging',
    default: '`warn` (`info` in production)',
    secret: false,
    production: '',
    description:
      'Fastify’s log level: `fatal`, `error`, `warn`, `info` (which also logs every request and each page-config ' +
      'reload), `debug`, `trace` or `silent`.',
  },

  // Client build
  {
    name: 'VITE_SIGN_KEY',
    group: 'client',
    default: `\`SIGN_KEY\` (or \`SIGN_KEY_FILE\`) at build time, else ${code(DEFAULT_SIGN_KEY)}`,
    secret: false,
    production: '',
    description: 'The client’s request-signing key: must equal the server’s `SIGN_KEY`.',
  },
  {
    name: 'VITE_ENCRYPT_KEY',
    group: 'client',
    default: `\`ENCRYPT_KEY\` (or \`ENCRYPT_KEY_FILE\`) at build time, else ${code(DEFAULT_ENCRYPT_KEY)}`,
    secret: false,
    production: '',
    description: 'The client’s key for encrypted replies: must equal the server’s `ENCRYPT_KEY`.',
  },
  {
    name: 'VITE_HOST_<NAME>',
    group: 'client',
    default: `this origin with the prefix ${HOSTS.map((h) => `${code(HOST_PREFIX[h] || "''")} (${h.toUpperCase()})`).join(', ')}`,
    secret: false,
    production: '',
    description:
      `Base URL of each service host, \`<NAME>\` one of ${HOSTS.map((h) => code(h.toUpperCase())).join(', ')}: a path ` +
      'prefix on this origin or an absolute URL. Give the server the same values: the origin of an absolute one goes ' +
      'into its CSP `connect-src`.',
  },

  // Development and tests
  {
    name: 'API_PORT',
    group: 'development',
    default: code(8081),
    secret: false,
    production: '',
    description: '`npm run dev`: port of the API server (`tsx --watch`) behind Vite’s proxy, which listens on `PORT`.',
  },
  {
    name: 'TEST_DATABASE_URL',
    group: 'development',
    default: 'unset',
    secret: false,
    production: '',
    description:
      'Tests: also run every API suite on this PostgreSQL server (a fresh schema per run, dropped after); the benchmarks use it too.',
  },
  {
    name: 'CHROMIUM_PATH',
    group: 'development',
    default: code('/usr/bin/chromium'),
    secret: false,
    production: '',
    description: 'Tests: the Chromium the browser tests (and `scripts/make-icons.ts`) drive.',
  },
  {
    name: 'BEIKAO_DIST',
    group: 'development',
    default: code('dist'),
    secret: false,
    production: '',
    description:
      'The folder `vite build` writes the client to and the browser tests serve, so parallel work can build and test ' +
      'without sharing one `dist/`.',
  },
];

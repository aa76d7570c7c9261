/**
 * Limits against SMS pumping (短信轰炸): one client must not be able to send login codes to many mobiles. The
 * per-mobile rules live in areas/accounts/sms-codes.ts; these bound the sender (its IP, its device id), all senders
 * together (a global hourly budget, which caps the carrier bill), and say after how many sends from one IP in an
 * hour the form must solve a proof-of-work challenge (ALTCHA) first. Every limit is counted in the database, so it
 * holds across several app servers. A limit of 0 turns that limit off.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { secretFrom } from './config-secret';

type Env = Record<string, string | undefined>;

export interface SmsLimits {
  /** Codes one IP may have sent per clock hour (SMS_LIMIT_IP_HOUR). */
  ipHour: number;
  /** … per China calendar day (SMS_LIMIT_IP_DAY). */
  ipDay: number;
  /** Codes one device id may have sent per clock hour (SMS_LIMIT_DEVICE_HOUR). */
  deviceHour: number;
  /** … per China calendar day (SMS_LIMIT_DEVICE_DAY). */
  deviceDay: number;
  /** Codes all clients together may have sent per clock hour (SMS_GLOBAL_HOURLY_BUDGET). */
  globalHour: number;
  /** Sends from one IP per hour without a solved challenge; later ones need one (SMS_CHALLENGE_AFTER). */
  challengeAfter: number;
}

export interface SmsLimitsConfig {
  smsLimits: SmsLimits;
  /** Signs the challenges (ALTCHA_HMAC_KEY or ALTCHA_HMAC_KEY_FILE; outside production one kept in the data dir). */
  altchaHmacKey: string;
}

/**
 * Defaults: a carrier-grade NAT or a school network puts many honest users behind one IP, so the IP limits are
 * loose and the challenge does the everyday work; a device is one person, so its limits match the mobile's.
 */
export const SMS_LIMIT_DEFAULTS: SmsLimits = {
  ipHour: 30,
  ipDay: 100,
  deviceHour: 5,
  deviceDay: 10,
  globalHour: 2000,
  challengeAfter: 3,
};

/** Every limit off (tests that send many codes from loopback and are not about these limits). */
export const SMS_LIMITS_OFF: SmsLimits = { ipHour: 0, ipDay: 0, deviceHour: 0, deviceDay: 0, globalHour: 0, challengeAfter: 0 };

function countFrom(env: Env, name: string, def: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer (0 turns the limit off), got "${raw}"`);
  return n;
}

/**
 * The challenge key: every server must share it (a challenge issued by one is checked by another), so production
 * needs it set (config-profile.ts lists it); elsewhere one is generated once and kept in the data dir, like the JWT key.
 */
function altchaKeyFrom(env: Env, dataDir: string, production: boolean): string {
  const fromEnv = secretFrom(env, 'ALTCHA_HMAC_KEY');
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('ALTCHA_HMAC_KEY must be at least 32 characters');
    return fromEnv;
  }
  // The production profile names it missing with the other secrets; '' is returned here so nothing is written.
  if (production) return '';
  const file = path.join(dataDir, 'altcha-hmac-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function smsLimitsFrom(env: Env, dataDir: string, production: boolean): SmsLimitsConfig {
  const d = SMS_LIMIT_DEFAULTS;
  return {
    smsLimits: {
      ipHour: countFrom(env, 'SMS_LIMIT_IP_HOUR', d.ipHour),
      ipDay: countFrom(env, 'SMS_LIMIT_IP_DAY', d.ipDay),
      deviceHour: countFrom(env, 'SMS_LIMIT_DEVICE_HOUR', d.deviceHour),
      deviceDay: countFrom(env, 'SMS_LIMIT_DEVICE_DAY', d.deviceDay),
      globalHour: countFrom(env, 'SMS_GLOBAL_HOURLY_BUDGET', d.globalHour),
      challengeAfter: countFrom(env, 'SMS_CHALLENGE_AFTER', d.challengeAfter),
    },
    altchaHmacKey: altchaKeyFrom(env, dataDir, production),
  };
}

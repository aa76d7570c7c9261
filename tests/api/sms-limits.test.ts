import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { CODE } from '../../src/contract/envelope';
import type { SmsLimits } from '../../src/server/config-sms-limits';
import { request } from '../support/api-client';
import { devInbox, ensureChinaDayLeft, expectRefused, freshMobile, inboxSize } from '../support/flows';
import { ensureHourLeft, solvedPayload } from '../support/sms-challenge';
import { databases, startTestServer, type TestServer } from '../support/test-server';

/** The test server believes X-Forwarded-For from loopback, so each request may come from any IP a test names. */
const behindProxy = (smsLimits: SmsLimits) => ({ config: { trustProxy: ['127.0.0.1'], smsLimits } });

interface From {
  ip: string;
  device?: string;
  altcha?: string;
}

function send(url: string, mobile: string, from: From) {
  const headers: Record<string, string> = { 'X-Forwarded-For': from.ip };
  if (from.device) headers.DeviceId = from.device;
  return request(url, auth.sendMobileCode, { mobile, ...(from.altcha ? { altcha: from.altcha } : {}) }, { headers });
}

const statuses = (replies: { http: number }[]) => replies.map((r) => r.http).sort();
/** Codes the server's dev inbox delivered to these mobiles (each server has its own inbox). */
const delivered = (s: Pick<TestServer, 'services'>, mobiles: string[]) => mobiles.reduce((n, m) => n + devInbox(s).messages(m).length, 0);

describe.each(databases())('%s', (kind) => {
  describe('per IP, per device and the challenge', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer(kind, behindProxy({ ipHour: 6, ipDay: 10, deviceHour: 3, deviceDay: 5, globalHour: 0, challengeAfter: 3 }));
    });
    afterAll(() => s.close());

    it('50 numbers from one IP: 3 free sends an hour, then only with a solved challenge, up to the hour and day limits', async () => {
      ensureChinaDayLeft(s, 3 * 3600);
      ensureHourLeft(s, 600);
      const ip = '203.0.113.10';
      const mobiles = Array.from({ length: 50 }, () => freshMobile());
      const first = [];
      for (const mobile of mobiles) first.push(await send(s.url, mobile, { ip }));
      expect(first.slice(0, 3).map((r) => r.body.status)).toEqual([0, 0, 0]);
      for (const r of first.slice(3)) expectRefused(r, 428, CODE.challengeRequired, '请先完成人机验证');
      expect(delivered(s, mobiles)).toBe(3);

      // Each further send needs its own solved challenge, up to 6 an hour.
      for (const mobile of mobiles.slice(3, 6)) {
        expect((await send(s.url, mobile, { ip, altcha: await solvedPayload(s.url) })).body.status).toBe(0);
      }
      expectRefused(await send(s.url, mobiles[6] as string, { ip, altcha: await solvedPayload(s.url) }), 429, CODE.tooMany, '1 小时后再试');
      expect(delivered(s, mobiles)).toBe(6);

      // The next hour: 3 free again, 1 more with a challenge, then the day's 10 are used up (with or without one).
      s.advance(3600);
      for (const mobile of mobiles.slice(10, 13)) expect((await send(s.url, mobile, { ip })).body.status).toBe(0);
      expect((await send(s.url, mobiles[13] as string, { ip, altcha: await solvedPayload(s.url) })).body.status).toBe(0);
      expectRefused(await send(s.url, mobiles[14] as string, { ip, altcha: await solvedPayload(s.url) }), 429, CODE.tooMany, '今日');
      expectRefused(await send(s.url, mobiles[15] as string, { ip }), 429, CODE.tooMany, '今日');
      expect(delivered(s, mobiles)).toBe(10);
      // Another IP is not held back.
      expect((await send(s.url, freshMobile(), { ip: '203.0.113.11' })).body.status).toBe(0);
    });

    it('1 number from 50 IPs: the per-mobile limits hold (one send at a time, 60 s apart, 10 a day)', async () => {
      ensureChinaDayLeft(s, 15 * 61);
      const mobile = freshMobile();
      const ips = Array.from({ length: 50 }, (_, i) => `198.51.100.${i + 1}`);
      const replies = await Promise.all(ips.map((ip) => send(s.url, mobile, { ip })));
      expect(statuses(replies)).toEqual([200, ...Array<number>(49).fill(429)]);
      expect(inboxSize(s, mobile)).toBe(1);
      for (let i = 0; i < 9; i++) {
        s.advance(61);
        expect((await send(s.url, mobile, { ip: ips[i] as string })).body.status).toBe(0);
      }
      s.advance(61);
      expectRefused(await send(s.url, mobile, { ip: ips[20] as string }), 429, CODE.tooMany, '该手机号今日验证码发送次数已达上限');
      expect(inboxSize(s, mobile)).toBe(10);
    });

    it('one device id from many IPs: 3 an hour and 5 a day', async () => {
      ensureChinaDayLeft(s, 3 * 3600);
      ensureHourLeft(s, 600);
      const device = 'dev-0123456789abcdef';
      const mobiles = Array.from({ length: 7 }, () => freshMobile());
      const from = (i: number) => ({ ip: `192.0.2.${i + 1}`, device });
      for (let i = 0; i < 3; i++) expect((await send(s.url, mobiles[i] as string, from(i))).body.status).toBe(0);
      expectRefused(await send(s.url, mobiles[3] as string, from(3)), 429, CODE.tooMany, '本设备发送验证码过于频繁');
      // Another device on the same IP is not held back.
      expect((await send(s.url, mobiles[3] as string, { ip: '192.0.2.4', device: 'dev-fedcba9876543210' })).body.status).toBe(0);
      s.advance(3600);
      for (let i = 4; i < 6; i++) expect((await send(s.url, mobiles[i] as string, from(i))).body.status).toBe(0);
      expectRefused(await send(s.url, mobiles[6] as string, from(6)), 429, CODE.tooMany, '本设备今日');
      expect(delivered(s, mobiles)).toBe(6);
    });

    it('a solved challenge is accepted once: a replay, a forged, a garbled and an expired one are refused', async () => {
      ensureChinaDayLeft(s, 3600);
      ensureHourLeft(s, 900);
      const ip = '203.0.113.20';
      for (let i = 0; i < 3; i++) expect((await send(s.url, freshMobile(), { ip })).body.status).toBe(0);
      const without = freshMobile();
      expectRefused(await send(s.url, without, { ip }), 428, CODE.challengeRequired, '人机验证');

      const payload = await solvedPayload(s.url);
      const a = freshMobile();
      expect((await send(s.url, a, { ip, altcha: payload })).body.status).toBe(0);
      const b = freshMobile();
      expectRefused(await send(s.url, b, { ip, altcha: payload }), 428, CODE.challengeRequired, '已使用');

      // A guessed key (the counter is not the proof: the key derived from it is), and a challenge edited to be easier.
      const solved = () => solvedPayload(s.url).then((p) => JSON.parse(Buffer.from(p, 'base64').toString()));
      const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
      const guessed = await solved();
      guessed.solution.derivedKey = guessed.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
      expectRefused(await send(s.url, b, { ip, altcha: encode(guessed) }), 428, CODE.challengeRequired, '未通过');
      const edited = await solved();
      edited.challenge.parameters.keyPrefix = edited.challenge.parameters.keyPrefix.slice(0, 2);
      expectRefused(await send(s.url, b, { ip, altcha: encode(edited) }), 428, CODE.challengeRequired, '未通过');
      expectRefused(await send(s.url, b, { ip, altcha: 'bm90IGpzb24=' }), 428, CODE.challengeRequired, '无效');

      const stale = await solvedPayload(s.url);
      s.advance(301);
      expectRefused(await send(s.url, b, { ip, altcha: stale }), 428, CODE.challengeRequired, '过期');
      expect(inboxSize(s, without) + inboxSize(s, a) + inboxSize(s, b)).toBe(1);
    });

    it('issues a PBKDF2 challenge signed by the server, valid 5 minutes', async () => {
      const res = await request(s.url, auth.smsChallenge, {});
      expect(res.body.status).toBe(0);
      expect(res.body.data.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyLength: 32 });
      expect(Math.abs(res.body.data.parameters.expiresAt - (s.services.clock() + 300))).toBeLessThanOrEqual(1);
      expect(res.body.data.signature).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('across two servers on one database', () => {
    let s: TestServer;
    let other: Awaited<ReturnType<TestServer['second']>>;
    beforeAll(async () => {
      s = await startTestServer(kind, behindProxy({ ipHour: 0, ipDay: 0, deviceHour: 0, deviceDay: 0, globalHour: 6, challengeAfter: 3 }));
      other = await s.second();
    });
    afterAll(async () => {
      await other.close();
      await s.close();
    });

    it('counts one IP on both servers, in parallel: exactly 3 free sends pass', async () => {
      ensureHourLeft(s, 600);
      const ip = '203.0.113.30';
      const mobiles = Array.from({ length: 10 }, () => freshMobile());
      const replies = await Promise.all(mobiles.map((m, i) => send(i % 2 ? other.url : s.url, m, { ip })));
      expect(statuses(replies)).toEqual([200, 200, 200, ...Array<number>(7).fill(428)]);
      expect(delivered(s, mobiles) + delivered(other, mobiles)).toBe(3);
      // A challenge issued by one server is accepted by the other, and spent there for both.
      const payload = await solvedPayload(s.url);
      expect((await send(other.url, freshMobile(), { ip, altcha: payload })).body.status).toBe(0);
      expectRefused(await send(s.url, freshMobile(), { ip, altcha: payload }), 428, CODE.challengeRequired, '已使用');
    });

    it('spends the global hourly budget once across both servers', async () => {
      // 4 of the 6 were sent by the test above, in this same hour (or the budget starts afresh in the next).
      ensureHourLeft(s, 600);
      const hour = Math.floor(s.services.clock() / 3600) * 3600;
      const row = await s.services.db.kysely
        .selectFrom('sms_send_counters')
        .select('sends')
        .where('scope', '=', 'global_hour')
        .where('window_start', '=', hour)
        .executeTakeFirst();
      const left = 6 - (row?.sends ?? 0);
      const mobiles = Array.from({ length: 12 }, () => freshMobile());
      const replies = await Promise.all(mobiles.map((m, i) => send(i % 2 ? other.url : s.url, m, { ip: `100.64.0.${i + 1}` })));
      expect(statuses(replies)).toEqual([...Array<number>(left).fill(200), ...Array<number>(12 - left).fill(429)]);
      for (const r of replies) if (r.http === 429) expect(r.body.msg).toContain('验证码发送繁忙');
      expect(delivered(s, mobiles) + delivered(other, mobiles)).toBe(left);
      // The next hour has a fresh budget.
      s.advance(3600);
      expect((await send(other.url, freshMobile(), { ip: '100.64.1.1' })).body.status).toBe(0);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { CODE } from '../../src/contract/envelope';
import * as user from '../../src/contract/users';
import { DEFAULT_SIGN_KEY } from '../../src/protocol/keys';
import { mobileCodeToken } from '../../src/protocol/sign';
import { request } from '../support/api-client';
import {
  authTableCounts,
  countRows,
  devInbox,
  ensureChinaDayLeft,
  expectRefused,
  freshMobile,
  inboxSize,
  lastCode,
  loginAs,
  sendCode,
} from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

/** A 6-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const login = (mobile: string, code: string, extra: Record<string, unknown> = {}) =>
    request(s.url, auth.mobileCodeLogin, { mobile, code, ...extra });

  describe('sending a code', () => {
    it('refuses a malformed mobile naming `mobile`, and sends nothing', async () => {
      const before = await countRows(s, 'sms_codes');
      const inbox = devInbox(s).messages().length;
      for (const input of [{ mobile: '12345' }, { mobile: '23800138000' }, { mobile: '1380013800a' }, { mobile: '138001380001' }, {}]) {
        expectRefused(await request(s.url, auth.sendMobileCode, input), 400, CODE.badInput, 'mobile');
      }
      expectRefused(
        await request(s.url, auth.sendMobileCode, { mobile: freshMobile(), is_register: 2 }),
        400,
        CODE.badInput,
        'is_register',
      );
      expect(devInbox(s).messages().length).toBe(inbox);
      expect(await countRows(s, 'sms_codes')).toBe(before);
    });

    it('sends a 6-digit code, visible in the dev inbox', async () => {
      const mobile = freshMobile();
      const res = await request(s.url, auth.sendMobileCode, { mobile });
      expect(res.body).toMatchObject({ status: 0, data: { expires_in: 300, resend_in: 60 } });
      const code = lastCode(s, mobile);
      expect(code).toMatch(/^\d{6}$/);
      const inbox = await (await fetch(`${s.url}/dev/sms-inbox?mobile=${mobile}`)).json();
      expect(inbox.data).toEqual([expect.objectContaining({ mobile, code })]);
      expect((await fetch(`${s.url}/dev/sms-inbox?mobile=123`)).status).toBe(400);
    });

    it('refuses a resend within 60 s with the seconds left, then allows it', async () => {
      const mobile = freshMobile();
      await sendCode(s, mobile);
      s.advance(20);
      const again = await request(s.url, auth.sendMobileCode, { mobile });
      expectRefused(again, 429, CODE.tooMany, '过于频繁');
      const left = Number(/请 (\d+) 秒后再试/.exec(again.body.msg)?.[1]);
      expect(left).toBeGreaterThanOrEqual(39);
      expect(left).toBeLessThanOrEqual(40);
      expect(inboxSize(s, mobile)).toBe(1);
      // Another mobile is not held back.
      await sendCode(s, freshMobile());
      s.advance(41);
      await sendCode(s, mobile);
      expect(inboxSize(s, mobile)).toBe(2);
    });

    it('sends at most 10 codes per mobile per China day, even 61 s apart', async () => {
      const mobile = freshMobile();
      ensureChinaDayLeft(s, 12 * 61);
      for (let i = 0; i < 10; i++) {
        await sendCode(s, mobile);
        s.advance(61);
      }
      const eleventh = await request(s.url, auth.sendMobileCode, { mobile });
      expectRefused(eleventh, 429, CODE.tooMany, '今日验证码发送次数已达上限');
      expect(inboxSize(s, mobile)).toBe(10);
      ensureChinaDayLeft(s, 86400);
      await sendCode(s, mobile);
      expect(inboxSize(s, mobile)).toBe(11);
    });

    it('refuses is_register 1 for a registered mobile with 409 and sends nothing', async () => {
      const mobile = freshMobile();
      await loginAs(s, mobile);
      s.advance(61);
      const res = await request(s.url, auth.sendMobileCode, { mobile, is_register: 1 });
      expectRefused(res, 409, CODE.conflict, '已注册');
      expect(inboxSize(s, mobile)).toBe(1);
      const fresh = freshMobile();
      expect((await request(s.url, auth.sendMobileCode, { mobile: fresh, is_register: 1 })).body.status).toBe(0);
      expect(inboxSize(s, fresh)).toBe(1);
    });

    it('sends parallel requests for one mobile only once', async () => {
      for (let round = 0; round < 3; round++) {
        const mobile = freshMobile();
        const replies = await Promise.all(Array.from({ length: 10 }, () => request(s.url, auth.sendMobileCode, { mobile })));
        expect(replies.map((r) => r.http).sort()).toEqual([200, ...Array<number>(9).fill(429)]);
        expect(inboxSize(s, mobile)).toBe(1);
      }
    });
  });

  describe('signed send (POST with a mobile+time token)', () => {
    it('accepts a fresh token for that mobile', async () => {
      const mobile = freshMobile();
      const token = mobileCodeToken(DEFAULT_SIGN_KEY, mobile, s.services.clock());
      const res = await request(s.url, auth.sendMobileCodeSigned, { mobile, token });
      expect(res.body).toMatchObject({ status: 0, data: { expires_in: 300 } });
      expect(lastCode(s, mobile)).toMatch(/^\d{6}$/);
    });

    it('refuses a stale, forged, foreign or malformed token and sends nothing', async () => {
      const mobile = freshMobile();
      const now = s.services.clock();
      const cases: [string, string][] = [
        [mobileCodeToken(DEFAULT_SIGN_KEY, mobile, now - 310), '已过期'],
        [mobileCodeToken(DEFAULT_SIGN_KEY, mobile, now + 310), '已过期'],
        [mobileCodeToken('forged-key', mobile, now), '校验失败'],
        [mobileCodeToken(DEFAULT_SIGN_KEY, '13800138000', now), '校验失败'],
        ['12345.abc', '参数 token'],
      ];
      for (const [token, msg] of cases) {
        expectRefused(await request(s.url, auth.sendMobileCodeSigned, { mobile, token }), 400, CODE.badInput, msg);
      }
      expectRefused(await request(s.url, auth.sendMobileCodeSigned, { mobile }), 400, CODE.badInput, '缺少参数 token');
      expect(inboxSize(s, mobile)).toBe(0);
    });
  });

  describe('logging in', () => {
    it('logs a new mobile in as a new user (is_first 1), then the same user (is_first 0)', async () => {
      const mobile = freshMobile();
      const users = await countRows(s, 'users');
      const first = await login(mobile, await sendCode(s, mobile), { nickname: '小明' });
      expect(first.body.status).toBe(0);
      expect(first.body.data.token.split('.')).toHaveLength(3);
      expect(first.body.data.user).toMatchObject({ mobile, nickname: '小明', is_first: 1 });
      expect(await countRows(s, 'users')).toBe(users + 1);
      const me = await request(s.url, user.baseInfo, {}, { token: first.body.data.token });
      expect(me.body.data).toEqual({ id: first.body.data.user.id, mobile, nickname: '小明', need_bound: 0 });

      s.advance(61);
      const second = await login(mobile, await sendCode(s, mobile));
      expect(second.body.data.user).toMatchObject({ id: first.body.data.user.id, is_first: 0, nickname: '小明' });
      expect(await countRows(s, 'users')).toBe(users + 1);
    });

    it('gives a new user without a nickname a default one', async () => {
      const mobile = freshMobile();
      const data = await loginAs(s, mobile);
      expect(data.user.nickname).toBe(`备考用户${mobile.slice(-4)}`);
    });

    it('does not accept a used code again', async () => {
      const mobile = freshMobile();
      const code = await sendCode(s, mobile);
      expect((await login(mobile, code)).body.status).toBe(0);
      expectRefused(await login(mobile, code), 400, CODE.badInput, '请先获取短信验证码');
    });

    it('lets a code expire after 300 s', async () => {
      const mobile = freshMobile();
      const code = await sendCode(s, mobile);
      s.advance(301);
      expectRefused(await login(mobile, code), 400, CODE.badInput, '验证码已过期');
      const other = freshMobile();
      const otherCode = await sendCode(s, other);
      s.advance(290);
      expect((await login(other, otherCode)).body.status).toBe(0);
    });

    it('counts wrong tries down and kills the code after 5, even for the right code', async () => {
      const mobile = freshMobile();
      const code = await sendCode(s, mobile);
      for (const left of [4, 3, 2, 1]) {
        expectRefused(await login(mobile, wrong(code)), 400, CODE.badInput, `验证码错误，还可尝试 ${left} 次`);
      }
      expectRefused(await login(mobile, wrong(code)), 400, CODE.badInput, '错误次数过多');
      expectRefused(await login(mobile, code), 400, CODE.badInput, '错误次数过多');
      s.advance(61);
      expect((await login(mobile, await sendCode(s, mobile))).body.status).toBe(0);
    });

    it('allows no more than 5 wrong tries when they arrive in parallel', async () => {
      const mobile = freshMobile();
      const code = await sendCode(s, mobile);
      const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      await Promise.all(guesses.map((g) => login(mobile, g)));
      expectRefused(await login(mobile, code), 400, CODE.badInput, '错误次数过多');
    });

    it('accepts only the newest code, and only for its own mobile', async () => {
      const mobile = freshMobile();
      const old = await sendCode(s, mobile);
      s.advance(61);
      const newest = await sendCode(s, mobile);
      if (old !== newest) expectRefused(await login(mobile, old), 400, CODE.badInput, '验证码错误');
      const other = freshMobile();
      expectRefused(await login(other, newest), 400, CODE.badInput, '请先获取短信验证码');
      expect((await login(mobile, newest)).body.status).toBe(0);
    });

    it('refuses bad input naming the field and changes nothing', async () => {
      const mobile = freshMobile();
      const code = await sendCode(s, mobile);
      const before = await authTableCounts(s);
      expectRefused(await login(mobile, '12345'), 400, CODE.badInput, 'code');
      expectRefused(await login(mobile, 'abcdef'), 400, CODE.badInput, 'code');
      expectRefused(await login('12345', code), 400, CODE.badInput, 'mobile');
      expectRefused(await login(mobile, code, { nickname: 'x'.repeat(33) }), 400, CODE.badInput, 'nickname');
      expectRefused(await login(mobile, code, { from_activity: 'x'.repeat(600) }), 400, CODE.badInput, 'from_activity');
      expectRefused(await request(s.url, auth.mobileCodeLogin, { mobile }), 400, CODE.badInput, '缺少参数 code');
      expectRefused(await login(freshMobile(), code), 400, CODE.badInput, '请先获取短信验证码');
      expect(await authTableCounts(s)).toEqual(before);
      const row = await s.services.db.kysely
        .selectFrom('sms_codes')
        .select('attempts')
        .where('mobile', '=', mobile)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(0);
      expect((await login(mobile, code)).body.data.user.is_first).toBe(1);
    });

    it('creates no user when the code is wrong', async () => {
      const mobile = freshMobile();
      const code = await sendCode(s, mobile);
      const users = await countRows(s, 'users');
      expectRefused(await login(mobile, wrong(code)), 400, CODE.badInput, '验证码错误');
      expect(await countRows(s, 'users')).toBe(users);
    });
  });
});

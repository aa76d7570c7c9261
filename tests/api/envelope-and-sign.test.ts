import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/accounts';
import { CODE } from '../../src/contract/envelope';
import * as framework from '../../src/contract/framework';
import * as genus from '../../src/contract/study-genus';
import * as subjects from '../../src/contract/subjects';
import { DEFAULT_SIGN_KEY } from '../../src/protocol/keys';
import { computeSign } from '../../src/protocol/sign';
import { request } from '../support/api-client';
import { authTableCounts, expectEnvelope, expectRefused, freshMobile, inboxSize, lastCode } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

const BAD_SIGN = '签名校验失败';

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  async function raw(path: string, init: RequestInit = {}) {
    const res = await fetch(s.url + path, init);
    return { http: res.status, type: res.headers.get('content-type') ?? '', body: (await res.json()) as unknown };
  }
  const post = (path: string, body: string, contentType: string) =>
    raw(path, { method: 'POST', headers: { 'content-type': contentType }, body });

  describe('envelope', () => {
    it('wraps a success as {status 0, msg ok, code 0, data}', async () => {
      const res = await request(s.url, subjects.genusList, {});
      expectEnvelope(res.body);
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status: 0, msg: 'ok', code: 0 });
      expect(Array.isArray(res.body.data)).toBe(true);
    });

    it('answers an unknown /api path on any host with a 404 envelope naming it', async () => {
      for (const path of ['/api/nope', '/member/api/nope', '/cet/api/x', '/api/genus/news/extra']) {
        const res = await raw(path);
        expectRefused(res, 404, CODE.notFound, `接口不存在：GET ${path}`);
        expect(res.type).toContain('application/json');
      }
      expectRefused(await post('/api/nope', '{}', 'application/json'), 404, CODE.notFound, 'POST /api/nope');
    });

    it('refuses a malformed JSON body with a 400 envelope, never a 500', async () => {
      for (const body of ['{bad', '{"mobile": ', '']) {
        const res = await post('/member/api/auth/mobile-code-login', body, 'application/json');
        expectRefused(res, 400, CODE.badInput, '请求体不是合法的 JSON');
      }
    });

    it('refuses a JSON body that is not an object', async () => {
      for (const body of ['[1,2]', '"13800138000"', '42']) {
        const res = await post('/member/api/auth/mobile-code-login', body, 'application/json');
        expectRefused(res, 400, CODE.badInput, '请求体须为 JSON 对象');
      }
    });

    it('refuses a body of the wrong content type', async () => {
      const xml = await post('/member/api/auth/mobile-code-login', '<a/>', 'application/xml');
      expectRefused(xml, 415, CODE.badInput, '不支持的请求体类型');
      const text = await post('/member/api/auth/mobile-code-login', 'mobile=13800138000', 'text/plain');
      expectRefused(text, 400, CODE.badInput, '请求体须为 JSON 对象');
    });

    it('answers a malformed URL and an oversized body with an envelope too', async () => {
      expectRefused(await raw('/api/%E0%A4%A'), 400, CODE.badInput, '请求地址不正确');
      const huge = JSON.stringify({ mobile: '1'.repeat(2 * 1024 * 1024) });
      expectRefused(await post('/member/api/auth/mobile-code-login', huge, 'application/json'), 413, CODE.badInput, '请求体过大');
    });

    it('names the missing field when the body lacks it', async () => {
      const res = await request(s.url, auth.mobileCodeLogin, { code: '123456' });
      expectRefused(res, 400, CODE.badInput, '缺少参数 mobile');
    });
  });

  describe('sign', () => {
    // 广东省 and 北京市, looked up by name: the ids are whatever the district data uses.
    let guangdong: { id: number };
    let beijing: { id: number };
    beforeAll(async () => {
      const top = (await request(s.url, framework.topLevelDistricts, {})).body.data;
      const byName = (name: string) => ({ id: top.find((d) => d.name === name)?.id ?? 0 });
      guangdong = byName('广东省');
      beijing = byName('北京市');
    });

    it('accepts a correct sign', async () => {
      const res = await request(s.url, framework.childDistricts, guangdong);
      expect(res.body.msg).toBe('ok');
      expect(res.body.data.length).toBeGreaterThan(0);
    });

    it('accepts the sign in upper-case hex', async () => {
      const sign = computeSign(DEFAULT_SIGN_KEY, framework.childDistricts.path, guangdong)?.toUpperCase();
      const res = await request(s.url, framework.childDistricts, guangdong, { sign });
      expect(res.body.msg).toBe('ok');
    });

    it('refuses a GET with params but no sign: 400, code 4001', async () => {
      const res = await request(s.url, framework.childDistricts, guangdong, { sign: '' });
      expectRefused(res, 400, CODE.badSign, '缺少签名参数 sign');
    });

    it('refuses a tampered param sent with the old sign', async () => {
      const sign = computeSign(DEFAULT_SIGN_KEY, framework.childDistricts.path, guangdong);
      const res = await request(s.url, framework.childDistricts, beijing, { sign });
      expectRefused(res, 400, CODE.badSign, BAD_SIGN);
    });

    it('refuses an added param, a sign for another path and a sign made with another key', async () => {
      const sign = computeSign(DEFAULT_SIGN_KEY, framework.childDistricts.path, guangdong);
      expectRefused(await request(s.url, framework.childDistricts, { ...guangdong, x: 1 }, { sign }), 400, CODE.badSign, BAD_SIGN);
      const otherPath = computeSign(DEFAULT_SIGN_KEY, genus.newsDetailEndpoint.path, guangdong);
      expectRefused(await request(s.url, framework.childDistricts, guangdong, { sign: otherPath }), 400, CODE.badSign, BAD_SIGN);
      const otherKey = computeSign('not-the-key', framework.childDistricts.path, guangdong);
      expectRefused(await request(s.url, framework.childDistricts, guangdong, { sign: otherKey }), 400, CODE.badSign, BAD_SIGN);
      expectRefused(await request(s.url, framework.childDistricts, guangdong, { sign: 'zz' }), 400, CODE.badSign, BAD_SIGN);
    });

    it('needs no sign when there are no params', async () => {
      const res = await request(s.url, framework.topLevelDistricts, {}, { sign: '' });
      expect(res.body.msg).toBe('ok');
    });

    it('checks the sign before anything else: a bad-sign send-mobile-code sends nothing', async () => {
      const mobile = freshMobile();
      const sign = computeSign(DEFAULT_SIGN_KEY, auth.sendMobileCode.path, { mobile: '13800000000' });
      const res = await request(s.url, auth.sendMobileCode, { mobile }, { sign });
      expectRefused(res, 400, CODE.badSign, BAD_SIGN);
      expect(inboxSize(s, mobile)).toBe(0);
    });

    it('signs a POST body: correct sign passes, none or tampered is refused and changes nothing', async () => {
      const mobile = freshMobile();
      await request(s.url, auth.sendMobileCode, { mobile });
      const code = lastCode(s, mobile) ?? '';
      const before = await authTableCounts(s);
      const body = { mobile, code };
      expectRefused(await request(s.url, auth.mobileCodeLogin, body, { sign: '' }), 400, CODE.badSign, '缺少签名参数 sign');
      const signOfOther = computeSign(DEFAULT_SIGN_KEY, auth.mobileCodeLogin.path, { mobile, code: '000000' });
      expectRefused(await request(s.url, auth.mobileCodeLogin, body, { sign: signOfOther }), 400, CODE.badSign, BAD_SIGN);
      expect(await authTableCounts(s)).toEqual(before);
      // The code was not spent by the refused calls: the signed call logs in.
      const ok = await request(s.url, auth.mobileCodeLogin, body);
      expect(ok.body.msg).toBe('ok');
      expect(ok.body.data.user.mobile).toBe(mobile);
    });
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/contract/envelope';
import * as framework from '../../src/contract/framework';
import { decryptJson } from '../../src/protocol/cipher';
import { DEFAULT_ENCRYPT_KEY } from '../../src/protocol/keys';
import { request } from '../support/api-client';
import { expectRefused } from '../support/flows';
import { databases, startTestServer, type TestServer } from '../support/test-server';

function sha1(text: string): string {
  return crypto.createHash('sha1').update(text).digest('hex');
}

describe.each(databases())('%s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  async function childrenOf(id: number) {
    const res = await request(s.url, framework.childDistricts, { id });
    expect(res.body.msg).toBe('ok');
    return res.body.data;
  }

  describe('districts', () => {
    it('lists 全国 (id -1, level 1) first, then the real provinces', async () => {
      const res = await request(s.url, framework.topLevelDistricts, {});
      expect(res.http).toBe(200);
      const list = res.body.data;
      expect(list[0]).toEqual({ id: -1, name: '全国', level: 1 });
      const provinces = list.slice(1);
      expect(provinces.length).toBeGreaterThanOrEqual(31);
      const names = provinces.map((d) => d.name);
      for (const name of ['北京市', '上海市', '广东省', '新疆维吾尔自治区']) expect(names).toContain(name);
      expect(new Set(names).size).toBe(names.length);
      expect(provinces.every((d) => d.level === 1 && d.id > 0)).toBe(true);
    });

    it('walks 广东省 → 广州市 → 天河区, one level down each time', async () => {
      const top = (await request(s.url, framework.topLevelDistricts, {})).body.data;
      const guangdong = top.find((d) => d.name === '广东省');
      if (!guangdong) throw new Error('广东省 missing');
      const cities = await childrenOf(guangdong.id);
      const guangzhou = cities.find((d) => d.name === '广州市');
      expect(cities.map((d) => d.name)).toEqual(expect.arrayContaining(['广州市', '深圳市']));
      if (!guangzhou) throw new Error('广州市 missing');
      expect(guangzhou.level).toBe(2);
      const areas = await childrenOf(guangzhou.id);
      const tianhe = areas.find((d) => d.name === '天河区');
      expect(tianhe?.level).toBe(3);
      expect(areas.map((d) => d.name)).not.toContain('福田区');
    });

    it('answers an unknown district id with a 404 envelope', async () => {
      const res = await request(s.url, framework.childDistricts, { id: 987654321 });
      expectRefused(res, 404, CODE.notFound, '987654321');
    });

    it('refuses a bad or missing id with a 400 naming `id`', async () => {
      for (const input of [{ id: 'abc' }, {}, { id: 0 }, { id: -1 }, { id: 1.5 }, { id: '' }]) {
        const res = await request(s.url, framework.childDistricts, input);
        expectRefused(res, 400, CODE.badInput, 'id');
      }
    });

    it('refuses an id beyond the integer range with a 400, never a 500', async () => {
      const res = await request(s.url, framework.childDistricts, { id: 99999999999 });
      expectRefused(res, 400, CODE.badInput, '参数 id');
    });
  });

  describe('js_sdk_config (encrypted reply)', () => {
    const pageUrl = 'https://m.example.com/study/index?genus=2&x=y';

    it('sends data.encrypt, which decrypts to a signature WeChat would accept', async () => {
      const res = await request(s.url, framework.jsSdkConfig, { url: `${pageUrl}#/section` }, { decrypt: false });
      expect(res.body).toMatchObject({ status: 0, code: 0, msg: 'ok' });
      const sealed = res.body.data as unknown as { encrypt: string };
      expect(Object.keys(sealed)).toEqual(['encrypt']);
      expect(sealed.encrypt).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(sealed.encrypt).not.toContain('signature');

      const cfg = decryptJson(DEFAULT_ENCRYPT_KEY, sealed.encrypt) as Record<string, unknown>;
      expect(Object.keys(cfg).sort()).toEqual(['appId', 'jsApiList', 'nonceStr', 'signature', 'timestamp']);
      expect(cfg.appId).toBe('wx-sandbox-app');
      expect(Math.abs(Number(cfg.timestamp) - s.services.clock())).toBeLessThanOrEqual(5);
      expect(cfg.nonceStr).toMatch(/^[0-9a-zA-Z]{8,32}$/);
      expect(cfg.jsApiList).toEqual(expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData']));
      const text = `jsapi_ticket=sandbox-jsapi-ticket&noncestr=${cfg.nonceStr}&timestamp=${cfg.timestamp}&url=${pageUrl}`;
      expect(cfg.signature).toBe(sha1(text));
    });

    it('encrypts each reply with a fresh nonce, and the wrong key cannot open it', async () => {
      const a = await request(s.url, framework.jsSdkConfig, { url: pageUrl }, { decrypt: false });
      const b = await request(s.url, framework.jsSdkConfig, { url: pageUrl }, { decrypt: false });
      const ea = (a.body.data as unknown as { encrypt: string }).encrypt;
      const eb = (b.body.data as unknown as { encrypt: string }).encrypt;
      expect(ea).not.toBe(eb);
      expect(() => decryptJson('another-key', ea)).toThrow();
    });

    it('refuses a bad or missing url with a 400 naming `url`', async () => {
      for (const input of [{ url: 'not a url' }, {}, { url: 'javascript:alert(1)' }]) {
        const res = await request(s.url, framework.jsSdkConfig, input);
        expectRefused(res, 400, CODE.badInput, 'url');
      }
    });
  });

  describe('agreement', () => {
    it('returns the user agreement and the privacy policy as non-empty Markdown', async () => {
      const res = await request(s.url, framework.agreement, {});
      expect(res.body.msg).toBe('ok');
      const { user_agreement, privacy } = res.body.data;
      expect(user_agreement.trim().length).toBeGreaterThan(100);
      expect(privacy.trim().length).toBeGreaterThan(100);
      expect(user_agreement).not.toBe(privacy);
    });
  });
});

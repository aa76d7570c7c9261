import { describe, expect, it } from 'vitest';
import { originsFrom } from '../../src/server/config-origins';
import { isOwnReturnUrl } from '../../src/server/http/return-origin';

describe('PUBLIC_ORIGINS', () => {
  it('reads comma-separated https origins (plain http only to loopback) and refuses anything else', () => {
    expect(originsFrom({})).toEqual({ publicOrigins: [] });
    expect(originsFrom({ PUBLIC_ORIGINS: ' https://m.beikao.cn , https://beikao.cn:8443,http://localhost:5173' })).toEqual({
      publicOrigins: ['https://m.beikao.cn', 'https://beikao.cn:8443', 'http://localhost:5173'],
    });
    for (const bad of ['http://m.beikao.cn', 'https://m.beikao.cn/', 'https://m.beikao.cn/path', 'm.beikao.cn', '*']) {
      expect(() => originsFrom({ PUBLIC_ORIGINS: bad }), bad).toThrow(/PUBLIC_ORIGINS must be comma-separated https origins/);
    }
  });

  it('a return URL must be on a configured origin; unset, on the origin the request came to; loopback only outside production', () => {
    const own = 'https://m.beikao.cn';
    const set = { publicOrigins: ['https://m.beikao.cn', 'https://beikao.cn'], production: true };
    expect(isOwnReturnUrl(set, 'https://whatever', 'https://beikao.cn/a?b=1')).toBe(true);
    expect(isOwnReturnUrl(set, 'https://evil.example', 'https://evil.example/a')).toBe(false);
    expect(isOwnReturnUrl(set, own, 'http://127.0.0.1:8080/a')).toBe(false);
    expect(isOwnReturnUrl(set, own, 'not a url')).toBe(false);
    const unset = { publicOrigins: [], production: true };
    expect(isOwnReturnUrl(unset, own, `${own}/user`)).toBe(true);
    expect(isOwnReturnUrl(unset, own, 'https://m.beikao.cn.evil.example/user')).toBe(false);
    expect(isOwnReturnUrl({ ...unset, production: false }, own, 'http://localhost:5173/user')).toBe(true);
  });
});

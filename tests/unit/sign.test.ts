import { describe, expect, it } from 'vitest';
import { canonicalString, computeSign, hmacHex, mobileCodeToken } from '../../src/protocol/sign';

describe('request sign', () => {
  it('is absent when there are no params to sign', () => {
    expect(computeSign('k', '/api/genus', {})).toBeUndefined();
    expect(computeSign('k', '/api/genus', undefined)).toBeUndefined();
    expect(computeSign('k', '/api/genus', { a: undefined, b: null })).toBeUndefined();
  });

  it('does not depend on key order and ignores the sign param itself', () => {
    const a = computeSign('k', '/api/genus/news', { genus_id: 1, category_id: 2, offset: 0 });
    const b = computeSign('k', '/api/genus/news', { offset: 0, category_id: 2, genus_id: 1, sign: 'old' });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs numbers and their query-string text the same way', () => {
    expect(computeSign('k', '/p', { id: 5 })).toBe(computeSign('k', '/p', { id: '5' }));
  });

  it('changes with the path, any value, or the key', () => {
    const base = computeSign('k', '/api/genus/news', { id: 1 });
    expect(computeSign('k', '/api/genus/news_detail', { id: 1 })).not.toBe(base);
    expect(computeSign('k', '/api/genus/news', { id: 2 })).not.toBe(base);
    expect(computeSign('other', '/api/genus/news', { id: 1 })).not.toBe(base);
  });

  it('canonicalizes nested objects with sorted keys', () => {
    expect(canonicalString('/p', { goods: { b: 2, a: 1 }, x: 'y' })).toBe('/p?goods={"a":1,"b":2}&x=y');
  });

  it('matches a known HMAC-SHA256 vector (RFC 4231 case 2)', () => {
    expect(hmacHex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('builds the send-mobile-code token from mobile and seconds', () => {
    const t = mobileCodeToken('k', '13800138000', 1700000000);
    expect(t).toMatch(/^1700000000\.[0-9a-f]{64}$/);
    expect(mobileCodeToken('k', '13800138001', 1700000000)).not.toBe(t);
  });
});

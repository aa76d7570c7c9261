import { describe, expect, it } from 'vitest';
import { decryptJson, encryptJson } from '../../src/protocol/cipher';

const nonce = new Uint8Array(12).fill(7);

describe('response encryption (AES-256-GCM)', () => {
  it('round-trips JSON, Chinese text included', () => {
    const value = { appId: 'wx1', list: [1, 2], name: '备考' };
    expect(decryptJson('secret', encryptJson('secret', value, nonce))).toEqual(value);
  });

  it('refuses a wrong key', () => {
    const sealed = encryptJson('secret', { a: 1 }, nonce);
    expect(() => decryptJson('other', sealed)).toThrow();
  });

  it('refuses a tampered payload', () => {
    const sealed = encryptJson('secret', { a: 1 }, nonce);
    const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    const tampered = btoa(String.fromCharCode(...bytes));
    expect(() => decryptJson('secret', tampered)).toThrow();
  });

  it('refuses a payload too short to hold nonce and tag', () => {
    expect(() => decryptJson('secret', btoa('short'))).toThrow(/too short/);
  });
});

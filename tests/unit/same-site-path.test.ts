import { describe, expect, it } from 'vitest';
import { h5Pay } from '../../src/contract/orders';
import { safeReturnPath } from '../../src/modules/accounts-mobile-login/MobileLogin';
import { sameSitePath as afterForm } from '../../src/modules/shared/sms-code-form';
import { sameSitePath as afterOauth } from '../../src/platform/wechat/oauth-flow';
import { isSameSitePath } from '../../src/protocol/same-site-path';

const GOOD = [
  '/',
  '/user',
  '/order/detail/12?from=pay',
  '/ebook/read/3/7#p2',
  '/search?q=%E8%8B%B1%E8%AF%AD',
  '/a/%2F/b',
  '/javascript:alert(1)',
  '/a//b',
];

const BAD: [string, string][] = [
  ['/\\evil.example', 'a backslash after the slash (browsers read it as //)'],
  ['//evil.example', 'protocol-relative'],
  ['/\\/evil.example', 'backslash then slash'],
  ['/a\\b', 'a backslash anywhere'],
  ['/%5Cevil.example', 'a backslash once decoded'],
  ['/%5cevil.example', 'lower-case encoding'],
  ['/%2F%2Fevil.example', 'slashes once decoded'],
  ['/%2fevil.example', 'lower-case encoded slash'],
  ['javascript:alert(1)', 'a scheme'],
  ['http://x', 'an absolute URL'],
  ['https://evil.example/', 'an absolute https URL'],
  ['/\t/evil.example', 'a tab (browsers drop it: //evil.example)'],
  ['/\n/evil.example', 'a newline'],
  ['/\r\n/evil.example', 'a CR LF'],
  ['/a\u0000b', 'a NUL'],
  ['/a\u007fb', 'DEL'],
  ['/a b', 'a space'],
  [' /user', 'leading space'],
  ['', 'empty'],
  ['user', 'relative'],
  ['?q=1', 'a bare query'],
];

describe('the one same-site path rule', () => {
  it.each(GOOD)('accepts %j', (path) => {
    expect(isSameSitePath(path)).toBe(true);
  });

  it.each(BAD)('refuses %j (%s)', (path) => {
    expect(isSameSitePath(path)).toBe(false);
  });

  it('refuses what is not a string', () => {
    for (const v of [undefined, null, 1, ['/'], { toString: () => '/' }]) expect(isSameSitePath(v)).toBe(false);
  });

  it('every user of the rule agrees: the contract, the login form, the login route param and the OAuth flow', () => {
    const origin = 'https://app.example';
    const input = (redirect_url: string) => h5Pay.input.safeParse({ id: 1, redirect_url }).success;
    for (const path of GOOD) {
      expect(input(path), path).toBe(true);
      expect(afterForm(path, '/user/mobile_login', '/fallback'), path).toBe(path);
      expect(safeReturnPath(encodeURIComponent(path)), path).toBe(path);
    }
    for (const [path] of BAD) {
      expect(input(path), path).toBe(false);
      expect(afterForm(path, '/user/mobile_login', '/fallback'), path).toBe('/fallback');
      expect(safeReturnPath(encodeURIComponent(path)), path).toBe('/');
    }
    // The OAuth flow gets whole URLs: another origin, or a path on the site that the rule refuses, is not followed.
    expect(afterOauth(`${origin}/order/list?x=1#h`, `${origin}/`)).toBe('/order/list?x=1#h');
    expect(afterOauth('https://evil.example/a', `${origin}/`)).toBeNull();
    expect(afterOauth(`${origin}//evil.example/a`, `${origin}/`)).toBeNull();
    expect(afterOauth('/\\evil.example', `${origin}/`)).toBeNull();
    // The contract keeps its length limit.
    expect(input(`/${'a'.repeat(299)}`)).toBe(true);
    expect(input(`/${'a'.repeat(300)}`)).toBe(false);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import MobileLogin, { AGREEMENT_LINKS, loginWithCode, safeReturnPath, sendLoginCode } from './MobileLogin';

const ok = <T,>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });
const refused = (msg: string) => ({ status: 1, code: 400, msg, data: null });
const loggedIn = (isFirst: 0 | 1) => ok({ token: 'tok-1', user: { is_first: isFirst } });

describe('mobile-login module', () => {
  it('renders the mobile and code fields, an unticked consent box linking both agreements, and the login button', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <MobileLogin {...fakeBlockProps('accounts-mobile-login', {}).blockProps} />
      </MemoryRouter>,
    );
    expect(html).toContain('data-testid="mobile-login"');
    expect(html).toContain('name="mobile"');
    expect(html).toContain('name="code"');
    expect(html).toContain('获取验证码');
    const box = html.match(/<input[^>]*name="consent"[^>]*>/)?.[0] ?? '';
    expect(box).toContain('type="checkbox"');
    expect(box).not.toContain('checked');
    const id = box.match(/id="([^"]+)"/)?.[1];
    const label = html.match(new RegExp(`<label for="${id}"[^>]*>(.*?)</label>`))?.[1] ?? '';
    expect(label.replace(/<[^>]+>/g, '')).toBe('我已阅读并同意《用户协议》和《隐私政策》');
    expect(label).toContain(`href="${AGREEMENT_LINKS.user}"`);
    expect(label).toContain(`href="${AGREEMENT_LINKS.privacy}"`);
  });

  it('follows only same-site return paths, decoded, never back to the login page', () => {
    expect(safeReturnPath('%2Fuser%2Fhome')).toBe('/user/home');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('https%3A%2F%2Fevil.example.com')).toBe('/');
    expect(safeReturnPath('%2F%2Fevil.example.com')).toBe('/');
    expect(safeReturnPath('%2Fuser%2Fmobile_login')).toBe('/');
    expect(safeReturnPath('%E0%A4%A')).toBe('/');
  });

  it('asks for a login code and answers the resend wait; a refusal is toasted', async () => {
    const env = fakeEnv({ 'auth.send_mobile_code': ok({ expires_in: 300, resend_in: 60 }) });
    expect(await sendLoginCode(env, '13800000000')).toBe(60);
    expect(env.call).toHaveBeenCalledWith('auth.send_mobile_code', { mobile: '13800000000', is_register: 0 });
    const busy = fakeEnv({ 'auth.send_mobile_code': refused('发送太频繁，请稍后再试') });
    expect(await sendLoginCode(busy, '13800000000')).toBeNull();
    expect(busy.toast).toHaveBeenCalledWith('发送太频繁，请稍后再试');
  });

  it('logs in: keeps the session, says so and goes back where the user came from, binding a pending WeChat identity', async () => {
    const env = fakeEnv({ 'auth.mobile_code_login': loggedIn(1) });
    await loginWithCode(env, '13800000000', '123456', { routeTo: '%2Fuser%2Fhome', thirdAuthKey: 'k-9' });
    expect(env.call).toHaveBeenCalledWith('auth.mobile_code_login', { mobile: '13800000000', code: '123456', third_auth_key: 'k-9' });
    expect(env.session.login).toHaveBeenCalledWith('tok-1', true);
    expect(env.toast).toHaveBeenCalledWith('登录成功');
    expect(env.navigate).toHaveBeenCalledWith('/user/home', { replace: true });

    const plain = fakeEnv({ 'auth.mobile_code_login': loggedIn(0) });
    await loginWithCode(plain, '13800000000', '123456', {});
    expect(plain.call).toHaveBeenCalledWith('auth.mobile_code_login', { mobile: '13800000000', code: '123456' });
    expect(plain.session.login).toHaveBeenCalledWith('tok-1', false);
    expect(plain.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('sends a kept referral ticket with the login (from_activity), so the first login records the invite', async () => {
    const env = fakeEnv({ 'auth.mobile_code_login': loggedIn(1) });
    env.session.attribution = vi.fn(() => 'ticket-1');
    await loginWithCode(env, '13800000000', '123456', {});
    expect(env.call).toHaveBeenCalledWith('auth.mobile_code_login', { mobile: '13800000000', code: '123456', from_activity: 'ticket-1' });
  });

  it('stays on the page with the server message when the code is wrong', async () => {
    const env = fakeEnv({ 'auth.mobile_code_login': refused('验证码错误') });
    await loginWithCode(env, '13800000000', '000000', { routeTo: '%2Fuser%2Fhome' });
    expect(env.toast).toHaveBeenCalledWith('验证码错误');
    expect(env.session.login).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
  });
});

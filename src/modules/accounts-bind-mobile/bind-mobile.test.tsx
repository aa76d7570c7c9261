import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import BindMobile, { activityOf, confirmBind, DEFAULT_RETURN, formProblem, safeReturnTo, sendBindCode } from './BindMobile';
import type { BindMobileProps } from './props.gen';

const render = (props: BindMobileProps) =>
  renderToStaticMarkup(<BindMobile {...fakeBlockProps('accounts-bind-mobile', props, { env: fakeEnv() }).blockProps} />);
const ok = <T,>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });
const refused = (msg: string) => ({ status: 1, code: 400, msg, data: null });

describe('bind-mobile module', () => {
  it('renders the mobile and code fields, the send button and the confirm button', () => {
    const html = render({});
    expect(html).toContain('data-testid="bind-mobile"');
    expect(html).toContain('name="mobile"');
    expect(html).toContain('name="code"');
    expect(html).toContain('获取验证码');
    expect(html).toContain('确认绑定');
    expect(html).toContain('为了账号安全和找回账号，请绑定手机号');
  });

  it('shows the intro the page config gives', () => {
    expect(render({ intro: '下单前请先绑定手机号' })).toContain('下单前请先绑定手机号');
  });

  it('checks the form before sending anything', () => {
    expect(formProblem('', null)).toBe('请输入手机号');
    expect(formProblem('2380000000', null)).toBe('手机号格式不正确');
    expect(formProblem('13800000000', null)).toBe('');
    expect(formProblem('13800000000', '')).toBe('请输入验证码');
    expect(formProblem('13800000000', '123')).toBe('验证码为 6 位数字');
    expect(formProblem('13800000000', '123456')).toBe('');
  });

  it('returns only to same-site paths, never to itself', () => {
    expect(safeReturnTo('/mall/order/3?x=1')).toBe('/mall/order/3?x=1');
    for (const bad of [
      undefined,
      '',
      'https://evil.example.com/',
      '//evil.example.com',
      '/\\evil.example.com',
      '/user/bind_mobile?redirect=/',
      '/activity/bind_mobile?activity_id=1001',
    ]) {
      expect(safeReturnTo(bad)).toBe(DEFAULT_RETURN);
      expect(safeReturnTo(bad, '/activity/detail/1001')).toBe('/activity/detail/1001');
    }
  });

  it('asks for a binding code and answers the resend wait; a refusal is toasted', async () => {
    const env = fakeEnv({ 'binding.bind_mobile': ok({ expires_in: 300, resend_in: 60 }) });
    expect(await sendBindCode(env, '13800000000')).toBe(60);
    expect(env.call).toHaveBeenCalledWith('binding.bind_mobile', { mobile: '13800000000' });
    const taken = fakeEnv({ 'binding.bind_mobile': refused('该手机号已绑定其他账号') });
    expect(await sendBindCode(taken, '13800000000')).toBeNull();
    expect(taken.toast).toHaveBeenCalledWith('该手机号已绑定其他账号');
  });

  it('binds with the code, says so and goes back to returnTo (a bad returnTo goes to the user centre)', async () => {
    const env = fakeEnv({ 'binding.confirm_bind_mobile': ok({ id: 1, mobile: '13800000000', need_bound: 0 }) });
    await confirmBind(env, '13800000000', '123456', '/mall/order/3');
    expect(env.call).toHaveBeenCalledWith('binding.confirm_bind_mobile', { mobile: '13800000000', code: '123456' });
    expect(env.toast).toHaveBeenCalledWith('绑定成功');
    expect(env.navigate).toHaveBeenCalledWith('/mall/order/3', { replace: true });
    await confirmBind(env, '13800000000', '123456', 'https://evil.example.com/');
    expect(env.navigate).toHaveBeenLastCalledWith(DEFAULT_RETURN, { replace: true });
  });

  it('stays on the form with the server message when the code is wrong', async () => {
    const env = fakeEnv({ 'binding.confirm_bind_mobile': refused('验证码错误') });
    await confirmBind(env, '13800000000', '000000', '/user/home');
    expect(env.toast).toHaveBeenCalledWith('验证码错误');
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('an activity page confirms with activity.bind_mobile and goes back to query.back, else to the activity', async () => {
    const env = fakeEnv({ 'activity.bind_mobile': ok({ mobile: '138****0000', invite: { status: 'qualified', status_text: '已生效' } }) });
    const target = { confirmEndpoint: 'activity.bind_mobile', activityId: '1004' } as const;
    await confirmBind(env, '13800000000', '123456', '/activity/vip/receive?activity_id=1004', target);
    expect(env.call).toHaveBeenCalledWith('activity.bind_mobile', { id: 1004, mobile: '13800000000', code: '123456' });
    expect(env.call).not.toHaveBeenCalledWith('binding.confirm_bind_mobile', expect.anything());
    expect(env.toast).toHaveBeenCalledWith('绑定成功');
    expect(env.navigate).toHaveBeenCalledWith('/activity/vip/receive?activity_id=1004', { replace: true });
    for (const back of [undefined, '', '//evil.example.com', '/activity/bind_mobile?activity_id=1004']) {
      await confirmBind(env, '13800000000', '123456', back, target);
      expect(env.navigate).toHaveBeenLastCalledWith('/activity/detail/1004', { replace: true });
    }
  });

  it('an activity binding refused (wrong code, mobile taken) stays on the form with the message', async () => {
    const env = fakeEnv({ 'activity.bind_mobile': refused('该手机号已绑定其他账号') });
    await confirmBind(env, '13800000000', '123456', '/activity/detail/1001', { confirmEndpoint: 'activity.bind_mobile', activityId: 1001 });
    expect(env.toast).toHaveBeenCalledWith('该手机号已绑定其他账号');
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('without a positive activity id the activity mode falls back to the plain binding', () => {
    expect(activityOf(undefined)).toBe(0);
    expect(activityOf({ activityId: 1001 })).toBe(0);
    expect(activityOf({ confirmEndpoint: 'binding.confirm_bind_mobile', activityId: 1001 })).toBe(0);
    expect(activityOf({ confirmEndpoint: 'activity.bind_mobile', activityId: '' })).toBe(0);
    expect(activityOf({ confirmEndpoint: 'activity.bind_mobile', activityId: 'abc' })).toBe(0);
    expect(activityOf({ confirmEndpoint: 'activity.bind_mobile', activityId: '-3' })).toBe(0);
    expect(activityOf({ confirmEndpoint: 'activity.bind_mobile', activityId: '1002' })).toBe(1002);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import { maskedMobile, smsCodeProblem } from '../shared/sms-code-form';
import AccountCancel, { cancelConsent, confirmCancel, sendCancelCode } from './AccountCancel';
import type { AccountsCancelProps } from './props.gen';

const render = (props: AccountsCancelProps) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AccountCancel {...fakeBlockProps('accounts-cancel', props, { env: fakeEnv() }).blockProps} />
    </MemoryRouter>,
  );
const ok = <T,>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });
const refused = (msg: string, code = 4090) => ({ status: 1, code, msg, data: null });

describe('accounts-cancel module', () => {
  it('says what goes, where the code goes, links the agreement (unticked) and offers 注销账号', () => {
    const html = render({ mobile: '13812341234' });
    expect(html).toContain('data-testid="account-cancel"');
    expect(html).toContain('验证码将发送至 138****1234');
    expect(html).not.toContain('13812341234');
    // The shared SMS form on the bound mobile: no mobile field to type in, the code field and its send button.
    expect(html).not.toContain('name="mobile"');
    expect(html).toContain('name="code"');
    expect(html).toContain('获取验证码');
    expect(html).toContain('href="/user/agreement/cancellation"');
    expect(html).toContain('《注销协议》');
    expect(html.match(/<input[^>]*name="agree"[^>]*>/)?.[0]).not.toContain('checked');
    expect(html).toContain('注销账号');
  });

  it('without a known mobile still offers the code form, with no line about where it goes', () => {
    const html = render({});
    expect(html).not.toContain('验证码将发送至');
    expect(html).toContain('name="code"');
    expect(html).toContain('获取验证码');
  });

  it('masks only an 11-digit mobile', () => {
    expect(maskedMobile('13812341234')).toBe('138****1234');
    expect(maskedMobile('')).toBe('');
    expect(maskedMobile(undefined)).toBe('');
  });

  it('asks for the agreement before anything is sent, then a 6-digit code', () => {
    expect(cancelConsent('/user/agreement/cancellation').refusal).toBe('请先阅读并同意《注销协议》');
    expect(smsCodeProblem(null)).toBe('');
    expect(smsCodeProblem('')).toBe('请输入验证码');
    expect(smsCodeProblem('123')).toBe('验证码为 6 位数字');
    expect(smsCodeProblem('123456')).toBe('');
  });

  it('sends the code to the account’s mobile; a refusal (e.g. an order under way) is toasted', async () => {
    const env = fakeEnv({ 'account.cancel_code': ok({ expires_in: 300, resend_in: 60, mobile: '138****1234' }) });
    expect(await sendCancelCode(env)).toBe(60);
    expect(env.call).toHaveBeenCalledWith('account.cancel_code', {});
    const busy = fakeEnv({ 'account.cancel_code': refused('你有待支付的订单，请先支付或取消后再注销账号') });
    expect(await sendCancelCode(busy)).toBeNull();
    expect(busy.toast).toHaveBeenCalledWith('你有待支付的订单，请先支付或取消后再注销账号');
  });

  it('asks once more in a danger dialog before deleting; 再想想 sends nothing', async () => {
    const env = fakeEnv({ 'account.cancel': ok({ cancelled: 1 }) });
    vi.mocked(env.confirm).mockResolvedValueOnce(false);
    expect(await confirmCancel(env, '123456')).toBe(false);
    expect(env.call).not.toHaveBeenCalled();
    vi.mocked(env.confirm).mockResolvedValueOnce(true);
    expect(await confirmCancel(env, '123456')).toBe(true);
    expect(env.confirm).toHaveBeenLastCalledWith(expect.objectContaining({ okText: '确定注销', danger: true }));
    expect(env.call).toHaveBeenCalledWith('account.cancel', { code: '123456' });
  });

  it('stays with the server message when the code is wrong', async () => {
    const env = fakeEnv({ 'account.cancel': refused('验证码错误，还可尝试 4 次', 4000) });
    vi.mocked(env.confirm).mockResolvedValueOnce(true);
    expect(await confirmCancel(env, '000000')).toBe(false);
    expect(env.toast).toHaveBeenCalledWith('验证码错误，还可尝试 4 次');
  });
});

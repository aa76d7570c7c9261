import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SmsCodeForm, type SmsCodeFormProps } from './SmsCodeForm';
import { maskedMobile, smsCodeProblem, smsFormProblem } from './sms-code-form';

const render = (props: Partial<SmsCodeFormProps>) =>
  renderToStaticMarkup(
    <SmsCodeForm send={vi.fn(async () => 60)} submit={vi.fn(async () => {})} toast={vi.fn()} submitText="提交" {...props} />,
  );

describe('SmsCodeForm', () => {
  it('asks for the mobile and the code by default', () => {
    const html = render({});
    expect(html).toContain('name="mobile"');
    expect(html).toContain('name="code"');
    expect(html).toContain('获取验证码');
    expect(html).not.toContain('sms-fixed-mobile');
  });

  it('with a fixed mobile shows it masked in place of the mobile field, not editable', () => {
    const html = render({ fixedMobile: '13812341234' });
    expect(html).toContain('<p class="sms-fixed-mobile">验证码将发送至 138****1234</p>');
    expect(html).not.toContain('13812341234');
    expect(html).not.toContain('name="mobile"');
    expect(html).toContain('name="code"');
    // A fixed mobile the page does not know: no line, still no field to type one in.
    const unknown = render({ fixedMobile: '' });
    expect(unknown).not.toContain('sms-fixed-mobile');
    expect(unknown).not.toContain('name="mobile"');
  });

  it('names the consent box as the caller says (consent by default), unticked', () => {
    expect(render({ consent: { label: '同意', refusal: '请先同意' } })).toMatch(/<input[^>]*name="consent"/);
    const box = render({ consent: { label: '同意', refusal: '请先同意', name: 'agree' } }).match(/<input[^>]*name="agree"[^>]*>/)?.[0];
    expect(box).toContain('type="checkbox"');
    expect(box).not.toContain('checked');
  });

  it('checks the mobile and the code, or the code alone for a fixed mobile', () => {
    expect(smsFormProblem('', null)).toBe('请输入手机号');
    expect(smsFormProblem('1381234', null)).toBe('手机号格式不正确');
    expect(smsFormProblem('13812341234', null)).toBe('');
    expect(smsFormProblem('13812341234', '12')).toBe('验证码为 6 位数字');
    expect(smsCodeProblem(null)).toBe('');
    expect(smsCodeProblem('')).toBe('请输入验证码');
    expect(smsCodeProblem('12a456')).toBe('验证码为 6 位数字');
    expect(smsCodeProblem('123456')).toBe('');
    expect(maskedMobile('13812341234')).toBe('138****1234');
    expect(maskedMobile('138****1234')).toBe('138****1234');
  });
});

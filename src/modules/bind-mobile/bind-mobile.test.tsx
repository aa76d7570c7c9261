import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import BindMobile, { DEFAULT_RETURN, formProblem, safeReturnTo } from './BindMobile';
import type { BindMobileProps } from './props.gen';

const render = (props: BindMobileProps) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <BindMobile {...fakeBlockProps('bind-mobile', props).blockProps} />
    </MemoryRouter>,
  );

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
    for (const bad of [undefined, '', 'https://evil.example.com/', '//evil.example.com', '/\\evil.example.com', '/user/bind_mobile?redirect=/']) {
      expect(safeReturnTo(bad)).toBe(DEFAULT_RETURN);
    }
  });
});

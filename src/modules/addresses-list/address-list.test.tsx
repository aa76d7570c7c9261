import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { Address } from '../../contract/addresses';
import AddressList, { addAddress, defaultBody, makeDefault, maskMobile, removeAfterConfirm } from './AddressList';

const A: Address = {
  id: 9,
  name: '林晓雨',
  mobile: '13812345678',
  tag: '公司',
  district_1_id: 44,
  district_1_name: '广东省',
  district_2_id: 4401,
  district_2_name: '广州市',
  district_3_id: 440106,
  district_3_name: '天河区',
  detail: '天河路 385 号',
  is_default: 0,
  full_address: '广东省广州市天河区 天河路 385 号',
  created_at: 1,
  updated_at: 2,
};

describe('address-list module', () => {
  it('masks the middle of a mobile number', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('12345')).toBe('12345');
  });

  it('sets a default by saving the same address with is_default 1', () => {
    const body = defaultBody(A);
    expect(body).toMatchObject({ id: 9, is_default: 1, name: '林晓雨', district_3_id: 440106, detail: '天河路 385 号' });
    expect(body).not.toHaveProperty('full_address');
    expect(body).not.toHaveProperty('created_at');
  });

  it('renders the add button before the list has loaded', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <AddressList {...fakeBlockProps('addresses-list', { editPath: '/address/edit' }, { env: fakeEnv() }).blockProps} />
      </MemoryRouter>,
    );
    expect(html).toContain('data-testid="address-list"');
    expect(html).toContain('新增收货地址');
    expect(html).not.toContain('还没有收货地址');
  });

  it('deletes only after the user confirms in the shell dialog', async () => {
    const env = fakeEnv({ 'address.remove': { status: 0, code: 0, msg: 'ok', data: null } }, { confirm: vi.fn(async () => false) });
    expect(await removeAfterConfirm(env, A)).toBe(false);
    expect(env.confirm).toHaveBeenCalledWith({ text: '确定删除该收货地址？', okText: '删除', cancelText: '取消', danger: true });
    expect(env.call).not.toHaveBeenCalled();

    const yes = fakeEnv({ 'address.remove': { status: 0, code: 0, msg: 'ok', data: null } });
    expect(await removeAfterConfirm(yes, A)).toBe(true);
    expect(yes.call).toHaveBeenCalledWith('address.remove', { id: 9 });
    expect(yes.toast).toHaveBeenCalledWith('已删除');
  });

  it('shows the server message when a change is refused', async () => {
    const env = fakeEnv({ 'address.remove': { status: 1, code: 404, msg: '收货地址 id 9 不存在', data: null } });
    expect(await removeAfterConfirm(env, A)).toBe(false);
    expect(env.toast).toHaveBeenCalledWith('收货地址 id 9 不存在');
  });

  it('sets the default by saving the address with is_default 1', async () => {
    const env = fakeEnv({ 'address.save': { status: 0, code: 0, msg: 'ok', data: { id: 9 } } });
    expect(await makeDefault(env, A)).toBe(true);
    expect(env.call).toHaveBeenCalledWith('address.save', defaultBody(A));
    expect(env.toast).toHaveBeenCalledWith('已设为默认地址');
  });

  it('opens the form for a new address until the limit is reached', () => {
    const env = fakeEnv();
    addAddress(env, 3, '/address/edit');
    expect(env.navigate).toHaveBeenCalledWith('/address/edit');
    addAddress(env, 20, '/address/edit');
    expect(env.toast).toHaveBeenCalledWith('收货地址最多 20 个，请先删除不用的地址');
    expect(env.navigate).toHaveBeenCalledTimes(1);
  });
});

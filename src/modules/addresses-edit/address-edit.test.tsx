import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import { fakeEnv } from '../../../tests/support/fake-env';
import type { Address } from '../../contract/addresses';
import AddressEdit, { addressIdOf, returnPath, saveForm } from './AddressEdit';
import {
  type AddressForm,
  checkForm,
  deliverable,
  emptyForm,
  formFromAddress,
  optionsFor,
  pickLevel,
  regionComplete,
  regionText,
  toInput,
} from './address-form';
import { loadDistricts } from './DistrictPicker';

const GZ = { id: 44, name: '广东省' };
const GZC = { id: 4401, name: '广州市' };
const TH = { id: 440106, name: '天河区' };
const NATION = { id: -1, name: '全国' };

const valid = (over: Partial<AddressForm> = {}): AddressForm => ({
  name: '林晓雨',
  mobile: '13812345678',
  tag: '家',
  detail: '天河路 385 号',
  isDefault: false,
  districts: [GZ, GZC, TH],
  ...over,
});

describe('address form rules', () => {
  it('accepts a complete form and builds the save body', () => {
    expect(checkForm(valid())).toBeNull();
    expect(toInput(valid({ name: ' 林晓雨 ', isDefault: true }), 7)).toEqual({
      id: 7,
      name: '林晓雨',
      mobile: '13812345678',
      tag: '家',
      district_1_id: 44,
      district_1_name: '广东省',
      district_2_id: 4401,
      district_2_name: '广州市',
      district_3_id: 440106,
      district_3_name: '天河区',
      detail: '天河路 385 号',
      is_default: 1,
    });
    expect(toInput(valid())).not.toHaveProperty('id');
  });

  it('names the first problem in Chinese, with the server limits', () => {
    expect(checkForm(valid({ name: '  ' }))).toBe('请填写收货人');
    expect(checkForm(valid({ name: '张'.repeat(21) }))).toBe('收货人不能超过 20 个字');
    expect(checkForm(valid({ mobile: '23812345678' }))).toBe('请填写以 1 开头的 11 位手机号');
    expect(checkForm(valid({ mobile: '1381234567' }))).toBe('请填写以 1 开头的 11 位手机号');
    expect(checkForm(valid({ districts: [GZ, GZC, null] }))).toBe('请选择所在地区（省份、城市和区县）');
    expect(checkForm(valid({ districts: [null, null, null] }))).toBe('请选择所在地区（省份、城市和区县）');
    expect(checkForm(valid({ detail: '天河路' }))).toBe('详细地址不能少于 5 个字');
    expect(checkForm(valid({ detail: '路'.repeat(101) }))).toBe('详细地址不能超过 100 个字');
    expect(checkForm(valid({ tag: '标'.repeat(11) }))).toBe('标签不能超过 10 个字');
  });

  it('全国 is not a delivery address (issue 24): only province + city + county is complete; 全国 is left out of the picker', () => {
    expect(regionComplete([NATION, null, null])).toBe(false);
    expect(regionComplete([GZ, GZC, TH])).toBe(true);
    expect(checkForm(valid({ districts: [NATION, null, null] }))).toBe('收货地址不能选“全国”，请选择省份、城市和区县');
    expect(
      deliverable([
        { id: -1, name: '全国', level: 1 },
        { id: 44, name: '广东省', level: 1 },
      ] as never)?.map((d) => d.id),
    ).toEqual([44]);
  });

  it('changing a level clears the levels below', () => {
    expect(pickLevel([GZ, GZC, TH], 0, { id: 33, name: '浙江省' })).toEqual([{ id: 33, name: '浙江省' }, null, null]);
    expect(pickLevel([GZ, GZC, TH], 1, { id: 4403, name: '深圳市' })).toEqual([GZ, { id: 4403, name: '深圳市' }, null]);
    expect(pickLevel([GZ, GZC, null], 2, TH)).toEqual([GZ, GZC, TH]);
    expect(regionText([GZ, GZC, TH])).toBe('广东省 广州市 天河区');
  });

  it('fills the form from a stored address (0 ids are empty levels)', () => {
    const a: Address = {
      id: 3,
      name: '周明',
      mobile: '15900001111',
      tag: '',
      district_1_id: -1,
      district_1_name: '全国',
      district_2_id: 0,
      district_2_name: '',
      district_3_id: 0,
      district_3_name: '',
      detail: '到付自取，电话联系',
      is_default: 1,
      full_address: '全国 到付自取，电话联系',
      created_at: 1,
      updated_at: 1,
    };
    expect(formFromAddress(a)).toEqual({
      name: '周明',
      mobile: '15900001111',
      tag: '',
      detail: '到付自取，电话联系',
      isDefault: true,
      districts: [NATION, null, null],
    });
  });

  it('offers the current choice while its level list loads', () => {
    expect(optionsFor(undefined, GZC)).toEqual([GZC]);
    expect(optionsFor([], null)).toEqual([]);
    expect(optionsFor([{ id: 1, name: '甲', level: 2 }], GZC)).toEqual([{ id: 1, name: '甲' }]);
  });

  it('reads the address id from the route', () => {
    expect(addressIdOf('12')).toBe(12);
    expect(addressIdOf(undefined)).toBeUndefined();
    expect(addressIdOf('')).toBeUndefined();
    expect(addressIdOf('abc')).toBeUndefined();
    expect(addressIdOf('-3')).toBeUndefined();
  });
});

describe('address-edit module', () => {
  it('renders an empty form for a new address, with one district select to start', () => {
    const env = fakeEnv();
    const html = renderToStaticMarkup(<AddressEdit {...fakeBlockProps('addresses-edit', {}, { env }).blockProps} />);
    for (const label of ['收货人', '手机号', '所在地区', '详细地址', '标签', '设为默认地址', '保存']) expect(html).toContain(label);
    expect(html.match(/<select/g)).toHaveLength(1);
    expect(html).toContain('请选择省份');
    expect(html).toContain('name="mobile"');
    expect(emptyForm().districts).toEqual([null, null, null]);
  });

  it('saves a valid form, says so and goes back to returnTo', async () => {
    const env = fakeEnv({ 'address.save': { status: 0, code: 0, msg: 'ok', data: { id: 7 } } });
    await saveForm(env, valid(), 7, '/mall/confirm');
    expect(env.call).toHaveBeenCalledWith('address.save', toInput(valid(), 7));
    expect(env.toast).toHaveBeenCalledWith('保存成功');
    expect(env.navigate).toHaveBeenCalledWith('/mall/confirm', { replace: true });
    await saveForm(env, valid(), undefined, undefined);
    expect(env.navigate).toHaveBeenLastCalledWith('/address/list', { replace: true });
  });

  it('sends nothing while the form has a problem, and stays on the form when the server refuses', async () => {
    const env = fakeEnv({ 'address.save': { status: 1, code: 400, msg: '最多保存 20 个收货地址', data: null } });
    await saveForm(env, valid({ detail: '路' }), undefined, undefined);
    expect(env.toast).toHaveBeenCalledWith('详细地址不能少于 5 个字');
    expect(env.call).not.toHaveBeenCalled();
    await saveForm(env, valid(), undefined, undefined);
    expect(env.toast).toHaveBeenLastCalledWith('最多保存 20 个收货地址');
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('loads each district level once (top level, then children by parent id); a refusal is toasted', async () => {
    const env = fakeEnv({
      'framework.top_level_districts': { status: 0, code: 0, msg: 'ok', data: [{ id: 44, name: '广东省', level: 1 }] },
      'framework.child_districts': (input) => ({
        status: 0,
        code: 0,
        msg: 'ok',
        data: [{ id: 4401, name: `${JSON.stringify(input)}`, level: 2 }],
      }),
    });
    expect(await loadDistricts(env, 0)).toEqual([{ id: 44, name: '广东省', level: 1 }]);
    expect(await loadDistricts(env, 44)).toEqual([{ id: 4401, name: '{"id":44}', level: 2 }]);
    await loadDistricts(env, 44);
    expect(env.call).toHaveBeenCalledTimes(2);
    const down = fakeEnv({ 'framework.child_districts': { status: -1, code: -1, msg: '网络异常', data: null } });
    expect(await loadDistricts(down, 33)).toBeNull();
    expect(down.toast).toHaveBeenCalledWith('网络异常');
  });
});

describe('address-edit way back', () => {
  it('returns to an in-app path only (the checkout’s ?returnTo=), else the address list', () => {
    expect(returnPath('/order/determine/5/0')).toBe('/order/determine/5/0');
    expect(returnPath(undefined)).toBe('/address/list');
    expect(returnPath('')).toBe('/address/list');
    expect(returnPath('//evil.example/x')).toBe('/address/list');
    expect(returnPath('/\\evil.example')).toBe('/address/list');
    expect(returnPath('https://evil.example/')).toBe('/address/list');
  });
});

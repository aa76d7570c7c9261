import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { Address } from '../../contract/address';
import AddressEdit, { addressIdOf } from './AddressEdit';
import { type AddressForm, checkForm, emptyForm, formFromAddress, optionsFor, pickLevel, regionComplete, regionText, toInput } from './address-form';

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
    expect(checkForm(valid({ districts: [GZ, GZC, null] }))).toBe('请选择所在地区');
    expect(checkForm(valid({ districts: [null, null, null] }))).toBe('请选择所在地区');
    expect(checkForm(valid({ detail: '天河路' }))).toBe('详细地址不能少于 5 个字');
    expect(checkForm(valid({ detail: '路'.repeat(101) }))).toBe('详细地址不能超过 100 个字');
    expect(checkForm(valid({ tag: '标'.repeat(11) }))).toBe('标签不能超过 10 个字');
  });

  it('全国 is complete on its own; changing a level clears the levels below', () => {
    expect(regionComplete([NATION, null, null])).toBe(true);
    expect(checkForm(valid({ districts: [NATION, null, null] }))).toBeNull();
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
    expect(formFromAddress(a)).toEqual({ name: '周明', mobile: '15900001111', tag: '', detail: '到付自取，电话联系', isDefault: true, districts: [NATION, null, null] });
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
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <AddressEdit {...fakeBlockProps('address-edit', {}).blockProps} />
      </MemoryRouter>,
    );
    for (const label of ['收货人', '手机号', '所在地区', '详细地址', '标签', '设为默认地址', '保存']) expect(html).toContain(label);
    expect(html.match(/<select/g)).toHaveLength(1);
    expect(html).toContain('请选择省份');
    expect(html).toContain('name="mobile"');
    expect(emptyForm().districts).toEqual([null, null, null]);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { Address } from '../../contract/address';
import AddressList, { defaultBody, maskMobile } from './AddressList';

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
        <AddressList {...fakeBlockProps('address-list', { editPath: '/address/edit' }).blockProps} />
      </MemoryRouter>,
    );
    expect(html).toContain('data-testid="address-list"');
    expect(html).toContain('新增收货地址');
    expect(html).not.toContain('还没有收货地址');
  });
});

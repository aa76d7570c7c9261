import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeBlockProps } from '../../../tests/support/block-props';
import type { OrderView } from '../../contract/orders';
import OrderCard from './OrderCard';

const order: OrderView = {
  id: 12,
  order_no: 'BK202611240001',
  status: 'pending',
  status_text: '待支付',
  total: 5980,
  freight: 0,
  ship_state: '',
  remark: '',
  address: null,
  created_at: Date.UTC(2026, 10, 24, 6, 30) / 1000,
  expires_at: Date.UTC(2026, 10, 24, 7, 0) / 1000,
  paid_at: 0,
  closed_at: 0,
  close_reason: '',
  now: Date.UTC(2026, 10, 24, 6, 31) / 1000,
  items: [
    {
      id: 1,
      good_id: 3,
      kind: 'physical',
      ref_id: 0,
      vip_type: '',
      name: '错题本',
      cover: '/c.png',
      price: 2990,
      quantity: 2,
      amount: 5980,
      content_path: '',
      refund_status: '',
      refund_status_text: '',
      refund_note: '',
      refund_amount: 0,
      can_refund: 0,
      gift: '',
      ship_state: '',
    },
  ],
};

const html = (o: unknown) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <OrderCard {...fakeBlockProps('orders-card', { order: o as OrderView }).blockProps} />
    </MemoryRouter>,
  );

describe('order-card module', () => {
  it('shows number, coloured status, items, total and time, and links to the detail', () => {
    const out = html(order);
    expect(out).toContain('href="/order/detail/12"');
    expect(out).toContain('BK202611240001');
    expect(out).toContain('oc-status-pending');
    expect(out).toContain('待支付');
    expect(out).toContain('¥29.90');
    expect(out).toContain('×2');
    expect(out).toContain('共 2 件');
    expect(out).toContain('¥59.80');
    expect(out).toContain('2026-11-24 14:30');
  });

  it('draws nothing without an order', () => {
    expect(html(undefined)).toBe('');
    expect(html('')).toBe('');
  });
});

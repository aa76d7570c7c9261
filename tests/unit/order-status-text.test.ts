import { describe, expect, it } from 'vitest';
import type { OrderItem } from '../../src/contract/orders';
import { statusTextOf } from '../../src/server/areas/orders/order-queries';
import { orderShipState } from '../../src/server/areas/shipping/ship-states';

// Issue 24: what an order's status reads in the list, the detail and the result page.
const item = (over: Partial<OrderItem>): OrderItem => ({
  id: 1,
  good_id: 1,
  kind: 'course',
  ref_id: 1,
  vip_type: '',
  name: 'x',
  cover: '',
  price: 100,
  quantity: 1,
  amount: 100,
  content_path: '',
  refund_status: '',
  refund_status_text: '',
  refund_note: '',
  refund_amount: 0,
  can_refund: 0,
  gift: '',
  ship_state: '',
  ...over,
});

describe('order status text', () => {
  it('pending, closing and closed orders read as before', () => {
    expect(statusTextOf('pending', false, [item({})]).text).toBe('待支付');
    expect(statusTextOf('pending', true, [item({})]).text).toBe('订单关闭中');
    expect(statusTextOf('close', false, [item({})]).text).toBe('订单已关闭');
  });

  it('a paid order of content is 购买成功; fully refunded it is 已退款 (not 购买成功)', () => {
    expect(statusTextOf('paid', false, [item({})]).text).toBe('购买成功');
    expect(statusTextOf('paid', false, [item({ refund_status: 'succeeded' })]).text).toBe('已退款');
    expect(statusTextOf('paid', false, [item({ refund_status: 'succeeded' }), item({ id: 2 })]).text).toBe('购买成功');
  });

  it('a paid physical order reads its ship state: 待发货 → 已发货 → 已签收', () => {
    const phys = (ship_state: OrderItem['ship_state'], over: Partial<OrderItem> = {}) => item({ kind: 'physical', ship_state, ...over });
    expect(statusTextOf('paid', false, [phys('to_ship')])).toEqual({ text: '待发货', ship: 'to_ship' });
    expect(statusTextOf('paid', false, [phys('shipped')])).toEqual({ text: '已发货', ship: 'shipped' });
    expect(statusTextOf('paid', false, [phys('signed')])).toEqual({ text: '已签收', ship: 'signed' });
    // A refunded physical item no longer counts; with content alongside, the content's 购买成功 remains.
    expect(statusTextOf('paid', false, [phys('to_ship', { refund_status: 'succeeded' }), item({ id: 2 })]).text).toBe('购买成功');
  });

  it('an order of several parcels: to_ship before any, signed when all are, shipped between', () => {
    expect(orderShipState([])).toBe('');
    expect(orderShipState(['to_ship', 'to_ship'])).toBe('to_ship');
    expect(orderShipState(['to_ship', 'shipped'])).toBe('shipped');
    expect(orderShipState(['signed', 'shipped'])).toBe('shipped');
    expect(orderShipState(['signed', 'signed'])).toBe('signed');
  });
});

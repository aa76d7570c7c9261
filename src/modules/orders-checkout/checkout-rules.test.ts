import { describe, expect, it } from 'vitest';
import { orderCheckout as t } from '../../i18n/zh-CN/order-checkout';
import { clockSkew, clockText, secondsLeft } from '../orders-result/countdown';
import {
  blockReason,
  clampQuantity,
  isOwnedContent,
  orderBody,
  parseGoodIds,
  preselectAddress,
  quantityBounds,
  referrerOf,
  samePendingOrder,
  summarize,
} from './checkout-rules';
import { checkoutKey, fingerprint, forgetKey, type KeyStore } from './idempotency';
import type { GoodsItem } from './shapes';
import { resultHref } from './submit-order';

function good(over: Partial<GoodsItem>): GoodsItem {
  return {
    id: 1,
    kind: 'physical',
    ref_id: 0,
    vip_type: '',
    vip_days: 0,
    genus_id: 0,
    category_id: 0,
    cover: '',
    cover_aspect_ratio: 1,
    content_path: '',
    name: '真题试卷',
    sales_volume: 0,
    price: 3980,
    display_price: 0,
    is_hot: 0,
    is_top: 0,
    is_recommend: 0,
    cet_vip: 0,
    upgrade_vip: 0,
    created_at: 0,
    buy_gift: '',
    stock: 200,
    has_pay: 0,
    description: '',
    selling_point: [],
    has_collect: 0,
    can_collect: 1,
    need_address: 1,
    ...over,
  };
}

function memoryStore(): KeyStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('checkout rules', () => {
  it('reads good ids from the route: one, a list, share suffixes, junk', () => {
    expect(parseGoodIds('12')).toEqual([12]);
    expect(parseGoodIds('3,4,3')).toEqual([3, 4]);
    expect(parseGoodIds('12&from=share')).toEqual([12]);
    expect(parseGoodIds('0,-1,abc,')).toEqual([]);
    expect(parseGoodIds(undefined)).toEqual([]);
    expect(referrerOf('0')).toBeUndefined();
    expect(referrerOf('7')).toBe(7);
  });

  it('quantity bounds: physical 1–min(99, stock), VIP 1–10, content fixed 1', () => {
    expect(quantityBounds(good({ stock: 200 }))).toEqual({ min: 1, max: 99 });
    expect(quantityBounds(good({ stock: 3 }))).toEqual({ min: 1, max: 3 });
    expect(quantityBounds(good({ stock: 0 }))).toEqual({ min: 1, max: 0 });
    expect(quantityBounds(good({ kind: 'vip', stock: -1 }))).toEqual({ min: 1, max: 10 });
    expect(quantityBounds(good({ kind: 'ebook', stock: -1 }))).toEqual({ min: 1, max: 1 });
    expect(clampQuantity(good({ stock: 3 }), 8)).toBe(3);
    expect(clampQuantity(good({ stock: 3 }), 0)).toBe(1);
    expect(clampQuantity(good({ kind: 'vip' }), 11)).toBe(10);
    expect(clampQuantity(good({ kind: 'course' }), 5)).toBe(1);
    expect(clampQuantity(good({ stock: 0 }), 5)).toBe(1);
  });

  it('summary: each line name × qty = amount and the total, by the money rule', () => {
    const s = summarize([good({ id: 1, price: 3980 }), good({ id: 2, kind: 'vip', name: '会员', price: 1990 })], { 1: 2, 2: 3 });
    expect(s.lines.map((l) => [l.name, l.quantity, l.amountText])).toEqual([
      ['真题试卷', 2, '79.60'],
      ['会员', 3, '59.70'],
    ]);
    expect(s.total).toBe(13930);
    expect(s.totalText).toBe('139.30');
    expect(summarize([good({ price: 1000 })], {}).totalText).toBe('10');
    expect(summarize([good({ kind: 'ebook', price: 0 })], {}).totalText).toBe('0');
  });

  it('owned content opens instead of a checkout; VIP and physical goods are never "owned"', () => {
    expect(isOwnedContent(good({ kind: 'ebook', has_pay: 1 }))).toBe(true);
    expect(isOwnedContent(good({ kind: 'physical', has_pay: 1 }))).toBe(false);
    expect(isOwnedContent(good({ kind: 'vip', has_pay: 1 }))).toBe(false);
  });

  it('default address preselected, else the first; no address blocks a physical order only', () => {
    const a = { id: 1, is_default: 0 } as never;
    const b = { id: 2, is_default: 1 } as never;
    expect(preselectAddress([a, b])).toBe(b);
    expect(preselectAddress([a])).toBe(a);
    expect(preselectAddress([])).toBeUndefined();
    const base = { qty: {}, remark: '', referrerId: undefined };
    expect(blockReason({ ...base, goods: [good({})], address: undefined }, t)).toBe(t.noAddressHint);
    expect(blockReason({ ...base, goods: [good({})], address: { id: 1 } }, t)).toBe('');
    expect(blockReason({ ...base, goods: [good({ kind: 'ebook', need_address: 0 })], address: undefined }, t)).toBe('');
    expect(blockReason({ ...base, goods: [good({ stock: 0 })], address: { id: 1 } }, t)).toBe(t.soldOutHint('真题试卷'));
  });

  it('the order body: quantities, the address only when needed, trimmed remark, the referrer when set', () => {
    expect(orderBody({ goods: [good({ id: 4 })], qty: { 4: 2 }, address: { id: 9 }, remark: ' 放门口 ', referrerId: 3 })).toEqual({
      goods: { '4': 2 },
      address_id: 9,
      remark: '放门口',
      referrer_id: 3,
    });
    expect(
      orderBody({
        goods: [good({ id: 5, kind: 'ebook', need_address: 0 })],
        qty: {},
        address: { id: 9 },
        remark: '',
        referrerId: undefined,
      }),
    ).toEqual({ goods: { '5': 1 }, remark: '' });
  });
});

describe('idempotency key', () => {
  const body = { goods: { '4': 1 }, address_id: 9, remark: '' };
  it('reuses the key for the same body (reload, retry) and makes a new one when anything changes', () => {
    const store = memoryStore();
    let n = 0;
    const make = () => `k${++n}`;
    const first = checkoutKey(store, '4', body, make);
    expect(checkoutKey(store, '4', { ...body }, make)).toBe(first);
    expect(checkoutKey(store, '4', { ...body, goods: { '4': 2 } }, make)).toBe('k2');
    expect(checkoutKey(store, '4', { ...body, goods: { '4': 2 }, remark: '快点' }, make)).toBe('k3');
    expect(checkoutKey(store, '4', { ...body, goods: { '4': 2 }, remark: '快点', address_id: 10 }, make)).toBe('k4');
    // Another good's checkout keeps its own key.
    expect(checkoutKey(store, '5', body, make)).toBe('k5');
    expect(checkoutKey(store, '4', { ...body, goods: { '4': 2 }, remark: '快点', address_id: 10 }, make)).toBe('k4');
    forgetKey(store, '4');
    expect(checkoutKey(store, '4', { ...body, goods: { '4': 2 }, remark: '快点', address_id: 10 }, make)).toBe('k6');
  });
  it('a fingerprint ignores the order of goods; real keys fit the server rule; no storage still works', () => {
    expect(fingerprint({ goods: { '1': 1, '2': 3 } })).toBe(fingerprint({ goods: { '2': 3, '1': 1 } }));
    expect(checkoutKey(undefined, '1', body)).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
    const broken = memoryStore();
    broken.map.set('beikao.checkout-key.1', '{not json');
    expect(checkoutKey(broken, '1', body, () => 'fresh')).toBe('fresh');
  });
  it('result paths', () => {
    expect(resultHref('/order/result/{id}', 8)).toBe('/order/result/8');
    expect(resultHref('/activity/vip-buy-result?orderId={id}', 8)).toBe('/activity/vip-buy-result?orderId=8');
    expect(resultHref('/order/result/', 8)).toBe('/order/result/8');
  });
});

describe('closing count-down', () => {
  it('runs on the server clock', () => {
    expect(clockSkew(1000, 940.5)).toBe(59.5);
    expect(clockSkew(undefined, 940)).toBe(0);
    expect(secondsLeft(2800, 940.5, 59.5)).toBe(1800);
    expect(secondsLeft(100, 940, 0)).toBe(0);
    expect(clockText(1799)).toBe('29:59');
    expect(clockText(3725)).toBe('1:02:05');
    expect(clockText(-3)).toBe('00:00');
  });
});

describe('an unpaid order for the same goods (issue 24)', () => {
  const pending = (id: number, items: [number, number][], over: Record<string, unknown> = {}) => ({
    id,
    status: 'pending' as const,
    expires_at: 2000,
    now: 1000,
    items: items.map(([good_id, quantity]) => ({ good_id, quantity })) as never,
    ...over,
  });

  it('finds the payable pending order with exactly these goods and quantities', () => {
    const orders = [
      pending(9, [[3, 2]]),
      pending(8, [[3, 1]]),
      pending(7, [
        [5, 1],
        [3, 1],
      ]),
    ];
    expect(samePendingOrder(orders, { 3: 1 })?.id).toBe(8);
    expect(samePendingOrder(orders, { 3: 2 })?.id).toBe(9);
    expect(samePendingOrder(orders, { 3: 1, 5: 1 })?.id).toBe(7);
    expect(samePendingOrder(orders, { 3: 3 })).toBeUndefined();
    expect(samePendingOrder(orders, { 5: 1 })).toBeUndefined();
  });

  it('ignores orders past their time (closing) and orders not pending', () => {
    expect(samePendingOrder([pending(1, [[3, 1]], { expires_at: 1000 })], { 3: 1 })).toBeUndefined();
    expect(samePendingOrder([pending(1, [[3, 1]], { status: 'paid' })], { 3: 1 })).toBeUndefined();
  });

  it('shows shipping for physical goods: 包邮 at ORDER_FREIGHT 0, included in the total', () => {
    const s = summarize([good({ id: 1, price: 1000 })], { 1: 2 });
    expect(s.freight).toBe(0);
    expect(s.total).toBe(2000);
  });
});

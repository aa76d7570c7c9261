import { describe, expect, it } from 'vitest';
import { closeReasonText } from '../orders-detail/OrderDetail';
import { referrerOf, vipPlans } from '../vip-buy/VipBuy';
import { codeInput } from './VipExchange';

describe('vip-exchange, vip-buy and order-detail rules', () => {
  it('the code input shows upper case and keeps spaces and dashes, dropping anything else', () => {
    expect(codeInput('bk-cet 7q2m')).toBe('BK-CET 7Q2M');
    expect(codeInput('bk_demo!@#cet')).toBe('BKDEMOCET');
    expect(codeInput('a'.repeat(60))).toHaveLength(40);
  });

  it('plans are the VIP goods, recommended first, then by price', () => {
    const g = (id: number, kind: string, price: number, is_recommend = 0) => ({ id, kind, price, is_recommend }) as never;
    expect(
      vipPlans([g(1, 'ebook', 0), g(2, 'vip', 2990), g(3, 'vip', 19900, 1), g(4, 'vip', 990)]).map((p: { id: number }) => p.id),
    ).toEqual([3, 4, 2]);
  });

  it('a referrer is a positive whole number, else 0', () => {
    expect(referrerOf('7')).toBe(7);
    expect(referrerOf('')).toBe(0);
    expect(referrerOf('abc')).toBe(0);
    expect(referrerOf(undefined)).toBe(0);
    expect(referrerOf('-3')).toBe(0);
  });

  it('close reasons read as 超时未支付 / 已取消', () => {
    expect(closeReasonText('timeout')).toBe('超时未支付');
    expect(closeReasonText('user')).toBe('已取消');
    expect(closeReasonText('')).toBe('');
  });
});

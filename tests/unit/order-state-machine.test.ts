import { describe, expect, it } from 'vitest';
import { canMove, type OrderStatus, refusalOf, TRANSITIONS } from '../../src/server/areas/orders/order-state';

const ALL: OrderStatus[] = ['pending', 'paid', 'close'];

describe('the order state machine (spec §4: pending goes to paid or close)', () => {
  it('allows exactly pending → paid and pending → close', () => {
    const allowed = ALL.flatMap((from) => ALL.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['pending→paid', 'pending→close']);
    expect(TRANSITIONS.paid).toEqual([]);
    expect(TRANSITIONS.close).toEqual([]);
  });

  it('names why every other move is refused, in Chinese', () => {
    for (const from of ALL) {
      for (const to of ALL) {
        if (canMove(from, to)) continue;
        expect(refusalOf(from, to)).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect(refusalOf('paid', 'close')).toBe('订单已支付，不能关闭');
    expect(refusalOf('close', 'paid')).toBe('订单已关闭，不能支付');
    expect(refusalOf('close', 'close')).toBe('订单已关闭');
  });
});

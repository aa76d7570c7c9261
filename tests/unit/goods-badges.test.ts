import { describe, expect, it } from 'vitest';
import { HOT_SALES, hotOf } from '../../src/server/areas/catalog/goods-badges';

describe('goods badges', () => {
  it('热销 is derived from sales: never for a good that sold nothing, from HOT_SALES on', () => {
    expect(HOT_SALES).toBeGreaterThan(0);
    expect(hotOf(0)).toBe(0);
    expect(hotOf(HOT_SALES - 1)).toBe(0);
    expect(hotOf(HOT_SALES)).toBe(1);
    expect(hotOf(HOT_SALES * 10)).toBe(1);
  });
});

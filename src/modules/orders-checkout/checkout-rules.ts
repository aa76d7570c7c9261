/** Pure rules of the checkout screen: which goods, how many, what it costs, what is sent. No React, no network. */
import { ORDER_FREIGHT, ORDER_RULES, type OrderView } from '../../contract/orders';
import { money } from '../../format/time';
import { isOwnedKind } from '../../protocol/owned-content';
import type { Address, GoodsItem } from './shapes';

/** Content sold once per user (quantity fixed at 1). */
/** At most this many of one VIP good in an order. */
export const VIP_MAX = 10;

/** `"12"` or `"3,4,3"` → unique positive ids in order (at most the order's line limit); junk is dropped. */
export function parseGoodIds(raw: unknown): number[] {
  const ids: number[] = [];
  for (const part of String(raw ?? '').split(',')) {
    // A share suffix (`12&from=share`) is cut off; anything else that is not a positive id is dropped.
    const m = /^\s*(\d{1,10})(?:&.*)?\s*$/.exec(part);
    const n = m ? Number(m[1]) : 0;
    if (n > 0 && !ids.includes(n)) ids.push(n);
  }
  return ids.slice(0, ORDER_RULES.maxLines);
}

/** The referrer from the route: a positive id, else undefined (0, empty, junk). */
export function referrerOf(raw: unknown): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** How many of a good one order may hold: {min, max}; max 0 means sold out. */
export function quantityBounds(g: Pick<GoodsItem, 'kind' | 'stock'>): { min: number; max: number } {
  if (g.kind === 'physical')
    return { min: 1, max: Math.max(0, Math.min(ORDER_RULES.maxQuantity, g.stock < 0 ? ORDER_RULES.maxQuantity : g.stock)) };
  if (g.kind === 'vip') return { min: 1, max: VIP_MAX };
  return { min: 1, max: 1 };
}

/** `q` kept inside the good's bounds (at least 1 so a sold-out line still reads "× 1"). */
export function clampQuantity(g: Pick<GoodsItem, 'kind' | 'stock'>, q: number): number {
  const { min, max } = quantityBounds(g);
  const n = Number.isFinite(q) ? Math.round(q) : min;
  return Math.max(min, Math.min(Math.max(max, min), n));
}

/** The user can change the quantity (physical and VIP goods with room for more than one). */
export function hasStepper(g: Pick<GoodsItem, 'kind' | 'stock'>): boolean {
  return g.kind === 'physical' || g.kind === 'vip';
}

/** Already owned content: the screen offers to open it instead of a checkout. */
export function isOwnedContent(g: Pick<GoodsItem, 'kind' | 'has_pay'>): boolean {
  return g.has_pay === 1 && isOwnedKind(g.kind);
}

export interface SummaryLine {
  id: number;
  name: string;
  quantity: number;
  /** Fen. */
  amount: number;
  amountText: string;
}

/** Each line name × qty = amount, and the total, from the server's prices only (fen → money rule). */
export function summarize(goods: readonly Pick<GoodsItem, 'id' | 'name' | 'price' | 'kind' | 'stock'>[], qty: Record<number, number>) {
  const lines: SummaryLine[] = goods.map((g) => {
    const quantity = clampQuantity(g, qty[g.id] ?? 1);
    const amount = g.price * quantity;
    return { id: g.id, name: g.name, quantity, amount, amountText: money(amount) };
  });
  // Shipping, for orders with physical goods: the server charges ORDER_FREIGHT (0: 包邮), included in the total.
  const freight = goods.some((g) => g.kind === 'physical') ? ORDER_FREIGHT : 0;
  const total = lines.reduce((s, l) => s + l.amount, 0) + freight;
  return { lines, freight, total, totalText: money(total) };
}

/** The address preselected: the default one, else the first, else none. */
export function preselectAddress(list: readonly Address[]): Address | undefined {
  return list.find((a) => a.is_default === 1) ?? list[0];
}

export interface CheckoutState {
  goods: readonly GoodsItem[];
  qty: Record<number, number>;
  address: Pick<Address, 'id'> | undefined;
  remark: string;
  referrerId: number | undefined;
}

/** Why the order cannot be sent now ('' when it can): a needed address is missing or a good is sold out. */
export function blockReason(s: CheckoutState, t: { noAddressHint: string; soldOutHint: (name: string) => string }): string {
  const soldOut = s.goods.find((g) => quantityBounds(g).max === 0);
  if (soldOut) return t.soldOutHint(soldOut.name);
  if (needsAddress(s.goods) && !s.address) return t.noAddressHint;
  return '';
}

export function needsAddress(goods: readonly Pick<GoodsItem, 'need_address'>[]): boolean {
  return goods.some((g) => g.need_address === 1);
}

/** The `goods.order` body: `{good_id: quantity}` plus the address (only when needed), the remark and the referrer. */
export function orderBody(s: CheckoutState) {
  const goods: Record<string, number> = {};
  for (const g of s.goods) goods[String(g.id)] = clampQuantity(g, s.qty[g.id] ?? 1);
  return {
    goods,
    ...(needsAddress(s.goods) && s.address ? { address_id: s.address.id } : {}),
    remark: s.remark.trim().slice(0, ORDER_RULES.remarkMax),
    ...(s.referrerId ? { referrer_id: s.referrerId } : {}),
  };
}

/**
 * The caller's unpaid order for exactly these goods and quantities, still payable (not past its time by the server's
 * clock), or undefined: checkout then leads to it (去支付) instead of making a second one.
 */
export function samePendingOrder(
  orders: readonly Pick<OrderView, 'id' | 'status' | 'expires_at' | 'now' | 'items'>[],
  goods: Record<string, number>,
): Pick<OrderView, 'id'> | undefined {
  const wanted = Object.entries(goods)
    .map(([id, n]) => `${Number(id)}x${n}`)
    .sort()
    .join(',');
  return orders.find((o) => {
    if (o.status !== 'pending' || o.expires_at <= o.now) return false;
    const have = o.items
      .map((i) => `${i.good_id}x${i.quantity}`)
      .sort()
      .join(',');
    return have === wanted;
  });
}

/**
 * `order-result`: 购买成功 with 去学习 (content) or 待发货 with 查看物流 (physical goods: they are shipped, not opened),
 * 订单已提交，待支付 with the count-down, 去支付 and 取消订单, or 订单已关闭 (spec §9 labels).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ORDER_STATUS_LABELS, type OrderView } from '../../contract/orders';
import { money } from '../../format/time';
import { orderCheckout as t } from '../../i18n/zh-CN/order-checkout';
import { pay as tp } from '../../i18n/zh-CN/pay';
import { type BlockProps, type Env, Link } from '../../runtime/block-api';
import { clockSkew } from './countdown';
import { loadOrder, type OrderLoad, orderIdOf } from './load-order';
import { PendingCountdown } from './PendingCountdown';
import type { OrderResultProps } from './props.gen';
import '../shared/order-parts.css';
import './order-result.css';

const ICONS = { paid: '✓', pending: '¥', close: '✕' } as const;

function Items({ order }: { order: OrderView }) {
  return (
    <ul className="or-items">
      {order.items.map((it) => (
        <li key={it.id} className="or-item" data-testid="order-result-item" data-kind={it.kind}>
          {it.cover ? (
            <img className="oc-cover" src={it.cover} alt="" width={56} height={56} loading="lazy" />
          ) : (
            <div className="oc-cover" />
          )}
          <div className="or-item-main">
            <p className="or-item-name">{it.name}</p>
            <p className="or-item-meta">
              ¥{money(it.price)} × {it.quantity}
            </p>
            {it.gift ? (
              <p className="or-item-gift" data-testid="order-result-gift">
                {t.gift(it.gift)}
              </p>
            ) : null}
          </div>
          {order.status === 'paid' && it.content_path ? (
            <Link className="or-study" to={it.content_path} data-testid="order-result-study">
              {t.study}
            </Link>
          ) : null}
          {order.status === 'paid' && it.kind === 'physical' && it.refund_status !== 'succeeded' ? (
            <Link className="or-study" to={`/order/logistics/${order.id}/${it.id}`} data-testid="order-result-logistics">
              {t.logistics}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** This page's path and query without `from=pay` (where the H5 cashier comes back to). */
function currentReturnPath(): string {
  const loc = globalThis.location;
  const q = new URLSearchParams(loc.search);
  q.delete('from');
  const query = q.toString();
  return `${loc.pathname}${query ? `?${query}` : ''}`;
}
const cameBackFromPay = () => new URLSearchParams(globalThis.location?.search ?? '').get('from') === 'pay';

type PayPhase = { kind: 'idle'; message: string } | { kind: 'paying' } | { kind: 'confirming' };

/** 立即支付 and the coming back from the H5 cashier (`?from=pay`: polls the status 20 × 1 s). */
function usePay(env: Env, order: OrderView | null, reload: () => Promise<void>) {
  const [phase, setPhase] = useState<PayPhase>({ kind: 'idle', message: '' });
  const confirmed = useRef(false);
  const pendingId = order?.status === 'pending' ? order.id : 0;
  useEffect(() => {
    if (!pendingId || confirmed.current || !cameBackFromPay()) return;
    confirmed.current = true;
    setPhase({ kind: 'confirming' });
    void env.pay.confirm(pendingId).then(async (out) => {
      if (out.result === 'paid') env.toast(tp.paid);
      await reload();
      setPhase({ kind: 'idle', message: out.result === 'paid' || out.result === 'leaving' ? '' : out.message });
    });
  }, [env, pendingId, reload]);
  const start = async () => {
    if (!pendingId || phase.kind !== 'idle') return;
    setPhase({ kind: 'paying' });
    const out = await env.pay.start(pendingId, currentReturnPath());
    if (out.result === 'leaving') return;
    if (out.result === 'paid') env.toast(tp.paid);
    else env.toast(out.message);
    await reload();
    setPhase({ kind: 'idle', message: out.result === 'paid' ? '' : out.message });
  };
  const cancel = async () => {
    if (!pendingId || phase.kind !== 'idle') return;
    if (!(await env.confirm({ text: t.cancelConfirm, okText: t.cancel, cancelText: t.keep, danger: true }))) return;
    setPhase({ kind: 'paying' });
    const res = await env.call('order.close', { id: pendingId });
    env.toast(res.status === 0 ? t.cancelled : res.msg);
    await reload();
    setPhase({ kind: 'idle', message: '' });
  };
  return { phase, start, cancel };
}

/** What a paid order says under its title: shipped goods are sent, content is opened (both when it has both). */
function paidHints(order: OrderView): string[] {
  const physical = order.items.some((i) => i.kind === 'physical');
  const content = order.items.some((i) => i.kind !== 'physical');
  return [...(content ? [t.paidText] : []), ...(physical ? [t.shipText] : [])];
}

export default function OrderResult({ props, env }: BlockProps<OrderResultProps>) {
  const id = orderIdOf(props.orderId);
  const [load, setLoad] = useState<OrderLoad | null>(null);
  const reload = useCallback(async () => setLoad(await loadOrder(env, id)), [env, id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const pay = usePay(env, load?.kind === 'ready' ? load.order : null, reload);
  const mall = props.mallPath || '/mall/index';

  if (!load)
    return (
      <p className="oc-state" data-testid="order-result-loading">
        {t.resultLoading}
      </p>
    );
  if (load.kind !== 'ready') {
    const text = load.kind === 'failed' ? load.msg : load.kind === 'none' ? t.noOrder : t.orderGone;
    return (
      <section className="oc-state" data-testid="order-result-empty">
        <h2>{text}</h2>
        <Link className="oc-state-button" to={mall}>
          {t.backToMall}
        </Link>
      </section>
    );
  }

  const { order } = load;
  // A paid order of physical goods reads its ship state (待发货 …), as in the order list.
  const title =
    order.status === 'pending'
      ? t.pendingTitle
      : order.status === 'paid' && order.ship_state
        ? order.status_text
        : ORDER_STATUS_LABELS[order.status];
  const detailHref = `${(props.detailPath || '/order/detail').replace(/\/$/, '')}/${order.id}`;
  return (
    <section className="order-result" data-testid="order-result" data-status={order.status}>
      <div className={`or-head or-${order.status}`}>
        <div className="or-icon" aria-hidden="true">
          {ICONS[order.status]}
        </div>
        <h2 data-testid="order-result-title">{title}</h2>
        <p className="or-amount">
          {t.amount} <strong data-testid="order-result-amount">¥{money(order.total)}</strong>
        </p>
        {order.status === 'pending' ? (
          <>
            <PendingCountdown expiresAt={order.expires_at} skew={clockSkew(order.now, load.deviceNow)} onEnd={reload} />
            {pay.phase.kind === 'confirming' ? (
              <p className="or-pay-state" data-testid="order-result-confirming" role="status">
                <span className="or-spinner" aria-hidden="true" />
                {tp.confirming}
              </p>
            ) : (
              <>
                {pay.phase.kind === 'idle' && pay.phase.message ? (
                  <p className="or-pay-msg" data-testid="order-result-pay-message" role="alert">
                    {pay.phase.message}
                  </p>
                ) : (
                  <p className="or-hint">{t.awaitHint}</p>
                )}
                <button
                  type="button"
                  className="or-pay"
                  data-testid="order-result-pay"
                  disabled={pay.phase.kind !== 'idle'}
                  onClick={() => void pay.start()}
                >
                  {pay.phase.kind === 'paying' ? tp.paying : `${tp.goPay} ¥${money(order.total)}`}
                </button>
                <button
                  type="button"
                  className="or-cancel"
                  data-testid="order-result-cancel"
                  disabled={pay.phase.kind !== 'idle'}
                  onClick={() => void pay.cancel()}
                >
                  {t.cancel}
                </button>
              </>
            )}
          </>
        ) : null}
        {order.status === 'paid'
          ? paidHints(order).map((h) => (
              <p key={h} className="or-hint" data-testid="order-result-hint">
                {h}
              </p>
            ))
          : null}
        {order.status === 'close' ? <p className="or-hint">{t.closedText}</p> : null}
      </div>

      <section className="oc-card">
        <Items order={order} />
        <p className="or-no">
          {t.orderNo} {order.order_no}
        </p>
      </section>

      <div className="or-actions">
        <Link className="oc-state-button primary-like" to={detailHref} data-testid="order-result-detail">
          {t.viewOrder}
        </Link>
        <Link className="oc-state-button" to={mall}>
          {t.backToMall}
        </Link>
      </div>
    </section>
  );
}

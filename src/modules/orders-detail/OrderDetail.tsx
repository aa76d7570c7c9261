import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type OrderItem, type OrderView, SHIP_STATE_LABELS } from '../../contract/orders';
import { chinaDateTime, countdownText, remainingSeconds } from '../../format/order';
import { money } from '../../format/time';
import { i18n } from '../../i18n';
import { order as t } from '../../i18n/zh-CN/order';
import { pay as tp } from '../../i18n/zh-CN/pay';
import { type BlockProps, type Env, Link } from '../../runtime/block-api';
import { RefundButton, RefundState } from '../shared/refund-sheet/RefundSheet';
import type { OrderDetailProps } from './props.gen';
import './order-detail.css';

interface Loaded {
  order: OrderView;
  /** Device clock (ms) when the reply arrived: with `order.now` it gives the server's clock offset. */
  receivedAt: number;
}
type LoadState = { kind: 'loading' } | { kind: 'ok'; value: Loaded } | { kind: 'error'; code: number; msg: string };

/** Re-reads after the count-down reached 0 while the server has not closed the order yet (its sweep may lag). */
const RECHECK_MS = 3000;
const MAX_RECHECKS = 5;

/** Close reason → its label (超时未支付 / 已取消). */
export function closeReasonText(reason: string): string {
  return t.closeReasons[reason] ?? '';
}

/** The pending order's count-down: seconds left, ticking every second; calls `onZero` when it reaches 0. */
function useCountdown(loaded: Loaded | null, onZero: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const pending = loaded?.order.status === 'pending';
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [pending]);
  const left = loaded && pending ? remainingSeconds(loaded.order.expires_at, loaded.order.now, loaded.receivedAt, now) : 0;
  const zeroRef = useRef(onZero);
  zeroRef.current = onZero;
  // Also re-runs for each new reply: a re-read that still says pending (the server's sweep may lag) tries again.
  useEffect(() => {
    if (loaded && pending && left === 0) zeroRef.current();
  }, [loaded, pending, left]);
  return left;
}

async function copyNo(env: Env, text: string) {
  env.toast((await env.copy(text)) ? i18n.runtime.copyOk : i18n.runtime.copyFailed);
}

function ItemRow({
  env,
  orderId,
  item,
  paid,
  onChanged,
}: {
  env: Env;
  orderId: number;
  item: OrderItem;
  paid: boolean;
  onChanged: () => void;
}) {
  return (
    <li className="od-item" data-testid="order-item">
      {item.cover ? <img src={item.cover} alt="" className="od-cover" width={72} height={72} /> : <span className="od-cover" />}
      <div className="od-item-main">
        <p className="od-item-name">{item.name}</p>
        <p className="od-item-price">
          <span>¥{money(item.price)}</span>
          <small>{t.qty(item.quantity)}</small>
          {item.ship_state ? (
            <small className={`od-ship od-ship-${item.ship_state}`} data-testid="order-item-ship">
              {SHIP_STATE_LABELS[item.ship_state]}
            </small>
          ) : null}
        </p>
        {item.gift ? (
          <p className="od-item-gift" data-testid="order-item-gift">
            {t.gift(item.gift)}
          </p>
        ) : null}
        <RefundState item={item} />
        <div className="od-item-actions">
          {paid && item.content_path && item.refund_status !== 'succeeded' ? (
            <Link to={item.content_path} className="od-btn od-btn-primary">
              {t.goStudy}
            </Link>
          ) : null}
          {/* From payment on: before the first parcel the logistics page says 还未发货. */}
          {paid && item.kind === 'physical' && item.refund_status !== 'succeeded' ? (
            <Link to={`/order/logistics/${orderId}/${item.id}`} className="od-btn" data-testid="order-item-logistics">
              {t.logistics}
            </Link>
          ) : null}
          <RefundButton env={env} item={item} onDone={onChanged} />
        </div>
      </div>
    </li>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="od-row">
      <span className="od-row-label">{label}</span>
      <span className="od-row-value">{children}</span>
    </div>
  );
}

/** `/order/detail/:orderId` (auth required): one of the caller's orders. */
export default function OrderDetail({ props, env }: BlockProps<OrderDetailProps>) {
  const id = String(props.orderId ?? '');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const rechecks = useRef(0);

  const load = useCallback(async () => {
    const res = await env.call('order.detail', { id: id as unknown as number });
    if (res.status === 0 && res.data) setState({ kind: 'ok', value: { order: res.data, receivedAt: Date.now() } });
    else setState((s) => (s.kind === 'ok' && res.code === -1 ? s : { kind: 'error', code: res.code, msg: res.msg }));
  }, [env, id]);

  useEffect(() => {
    rechecks.current = 0;
    setState({ kind: 'loading' });
    void load();
  }, [load]);

  const loaded = state.kind === 'ok' ? state.value : null;
  const o = loaded?.order ?? null;

  const left = useCountdown(loaded, () => {
    if (rechecks.current >= MAX_RECHECKS) return;
    const delay = rechecks.current === 0 ? 0 : RECHECK_MS;
    rechecks.current += 1;
    setTimeout(() => void load(), delay);
  });

  if (state.kind === 'loading') return <div className="od-loading" aria-busy="true" />;
  if (state.kind === 'error') {
    const gone = state.code === 4004 || state.code === 4000;
    return (
      <section className="od-empty" data-testid="order-not-found">
        <h2>{gone ? t.notFoundTitle : t.loadFailed}</h2>
        <p>{state.msg || t.notFoundText}</p>
        <div className="od-empty-actions">
          {gone ? null : (
            <button type="button" className="od-btn" onClick={() => void load()}>
              {t.retry}
            </button>
          )}
          <Link to="/order/list" className="od-btn od-btn-primary">
            {t.backToList}
          </Link>
        </div>
      </section>
    );
  }
  if (!o) return null;

  const cancel = async () => {
    if (!(await env.confirm({ text: t.cancelConfirm, okText: t.cancelOk, cancelText: t.keep, danger: true }))) return;
    setBusy(true);
    const res = await env.call('order.close', { id: o.id });
    setBusy(false);
    if (res.status === 0 && res.data) {
      env.toast(t.cancelled);
      setState({ kind: 'ok', value: { order: res.data, receivedAt: Date.now() } });
    } else {
      env.toast(res.msg);
      void load();
    }
  };

  // 去支付: pays while pending; the H5 cashier comes back to the result page, which confirms the payment.
  const payNow = async () => {
    setBusy(true);
    const out = await env.pay.start(o.id, `/order/result/${o.id}`);
    if (out.result === 'leaving') return;
    setBusy(false);
    env.toast(out.result === 'paid' ? tp.paid : out.message);
    void load();
  };

  const goods = o.items.reduce((n, i) => n + i.amount, 0);
  const refunded = o.items.reduce((n, i) => n + i.refund_amount, 0);
  const allRefunded = o.status === 'paid' && o.items.length > 0 && o.items.every((i) => i.refund_status === 'succeeded');
  const reason = closeReasonText(o.close_reason);
  return (
    <div className="od" data-testid="order-detail" data-status={o.status}>
      <header className={`od-status od-status-${o.status}`}>
        <h2 data-testid="order-status">{allRefunded ? t.allRefunded : o.status_text}</h2>
        {o.status === 'pending' ? (
          <p>
            {left > 0 ? t.pendingHint : null}
            {left > 0 ? <br /> : null}
            <span data-testid="order-countdown">{left > 0 ? t.autoCloseIn(countdownText(left)) : t.closing}</span>
          </p>
        ) : o.status === 'paid' ? (
          <p>{allRefunded ? t.allRefundedHint : o.ship_state ? t.shipHints[o.ship_state] : t.paidHint}</p>
        ) : (
          <p>{t.closedHints[o.close_reason] ?? t.closedHint}</p>
        )}
      </header>

      {o.address ? (
        <section className="od-card od-address" aria-label={t.address}>
          <p>
            <strong>{o.address.name}</strong> <span>{o.address.mobile}</span>
          </p>
          <p className="od-address-text">{o.address.full_address}</p>
        </section>
      ) : null}

      <section className="od-card" aria-label={t.items}>
        <ul className="od-items">
          {o.items.map((item) => (
            <ItemRow key={item.id} env={env} orderId={o.id} item={item} paid={o.status === 'paid'} onChanged={() => void load()} />
          ))}
        </ul>
        <div className="od-amounts">
          <Row label={t.goodsAmount}>¥{money(goods)}</Row>
          {o.address ? (
            <Row label={t.freight}>
              <span data-testid="order-freight">{o.freight > 0 ? `¥${money(o.freight)}` : t.freeShipping}</span>
            </Row>
          ) : null}
          <Row label={o.status === 'paid' ? t.payable : t.payableUnpaid}>
            <b className="od-total">¥{money(o.total)}</b>
          </Row>
          {refunded > 0 ? (
            <Row label={t.refunded}>
              <span data-testid="order-refunded">¥{money(refunded)}</span>
            </Row>
          ) : null}
        </div>
      </section>

      <section className="od-card" aria-label={t.info}>
        <Row label={t.orderNo}>
          <span data-testid="order-no">{o.order_no}</span>
          <button type="button" className="od-copy" onClick={() => void copyNo(env, o.order_no)}>
            {t.copy}
          </button>
        </Row>
        <Row label={t.createdAt}>{chinaDateTime(o.created_at)}</Row>
        {o.paid_at ? <Row label={t.paidAt}>{chinaDateTime(o.paid_at)}</Row> : null}
        {o.closed_at ? <Row label={t.closedAt}>{chinaDateTime(o.closed_at)}</Row> : null}
        {o.status === 'close' && reason ? <Row label={t.closeReason}>{reason}</Row> : null}
        {o.remark ? <Row label={t.remark}>{o.remark}</Row> : null}
      </section>

      {/* Past its time it can no longer be paid or cancelled: it is closing (the server asks WeChat Pay first). */}
      {o.status === 'pending' && left > 0 ? (
        <div className="od-bar">
          <span className="od-bar-total">
            {t.payableUnpaid} <b>¥{money(o.total)}</b>
          </span>
          <button type="button" className="od-btn" disabled={busy} onClick={() => void cancel()}>
            {t.cancel}
          </button>
          <button type="button" className="od-btn od-btn-primary" data-testid="order-pay" disabled={busy} onClick={() => void payNow()}>
            {busy ? tp.paying : tp.goPay}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Refunds on the order detail: the item's refund state (退款审核中 / 退款中 / 已退款 / 退款被拒绝：note) and,
 * when the server says it may be applied for (`can_refund`), 申请退款 opening a sheet with the fixed reasons and an
 * optional note → `order.apply_refund`; the server's message is shown when it refuses.
 */
import { useState } from 'react';
import type { OrderItem } from '../../../contract/orders';
import { REFUND_REASON_MAX, REFUND_REASONS } from '../../../contract/refunds';
import { money } from '../../../format/time';
import { orderRefund as t } from '../../../i18n/zh-CN/order';
import type { Env } from '../../../runtime/block-api';
import { BottomSheet } from '../bottom-sheet/BottomSheet';
import './refund.css';

type Reason = (typeof REFUND_REASONS)[number];

/** The item's refund state, or nothing when it has no refund request. */
export function RefundState({ item }: { item: OrderItem }) {
  if (!item.refund_status) return null;
  const text = item.refund_status === 'rejected' ? t.rejectedWith(item.refund_status_text, item.refund_note) : item.refund_status_text;
  return (
    <p className={`od-refund od-refund-${item.refund_status}`} data-testid="item-refund-status" data-status={item.refund_status}>
      {text}
    </p>
  );
}

/** 申请退款 for an item the server says may be refunded; `onDone` re-reads the order. */
export function RefundButton({ env, item, onDone }: { env: Env; item: OrderItem; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  if (!item.can_refund) return null;
  return (
    <>
      <button type="button" className="od-btn" data-testid="apply-refund" onClick={() => setOpen(true)}>
        {t.apply}
      </button>
      {open ? (
        <RefundSheet
          env={env}
          item={item}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onDone();
          }}
        />
      ) : null}
    </>
  );
}

function RefundSheet({ env, item, onClose, onDone }: { env: Env; item: OrderItem; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState<Reason | null>(null);
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);
  // The note follows the reason after `：`; together they fit the server's limit.
  const room = reason ? REFUND_REASON_MAX - reason.length - 1 : REFUND_REASON_MAX;
  const submit = async () => {
    if (!reason) return env.toast(t.pickReason);
    const note = detail.trim().slice(0, room);
    setBusy(true);
    const res = await env.call('order.apply_refund', { order_goods_id: item.id, reason: note ? `${reason}：${note}` : reason });
    setBusy(false);
    if (res.status === 0 && res.data) {
      env.toast(t.done[res.data.status] ?? res.data.status_text);
      onDone();
    } else {
      env.toast(res.msg);
    }
  };
  return (
    <BottomSheet title={t.title} closeLabel={t.close} onClose={onClose} className="od-refund-sheet" testId="refund-sheet">
      <div className="od-refund-head">
        <p className="od-refund-name">{item.name}</p>
        <p className="od-refund-amount">
          {t.amount} <b>¥{money(item.amount)}</b>
        </p>
      </div>
      <p className="od-refund-rules">{t.rules}</p>
      <fieldset className="od-refund-reasons">
        <legend>{t.reasonLegend}</legend>
        {REFUND_REASONS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={reason === r}
            className={`od-refund-reason${reason === r ? ' is-on' : ''}`}
            onClick={() => setReason(r)}
          >
            {r}
          </button>
        ))}
      </fieldset>
      <label className="od-refund-detail">
        <span className="sr-only">{t.detail}</span>
        <textarea value={detail} maxLength={room} rows={3} placeholder={t.detail} onChange={(e) => setDetail(e.target.value)} />
        <span className="od-refund-count">
          {detail.length}/{room}
        </span>
      </label>
      <button
        type="button"
        className="od-refund-submit"
        data-testid="refund-submit"
        disabled={busy || !reason}
        onClick={() => void submit()}
      >
        {busy ? t.sending : t.submit}
      </button>
    </BottomSheet>
  );
}

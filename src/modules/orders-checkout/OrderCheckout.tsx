/** `order-checkout`: the goods of the route with server prices, the address (physical goods), quantities, remark and 提交订单. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ORDER_RULES } from '../../contract/orders';
import { money } from '../../format/time';
import { orderCheckout as t } from '../../i18n/zh-CN/order-checkout';
import { type BlockProps, Link, useCurrentPath } from '../../runtime/block-api';
import { AddressPicker } from './AddressPicker';
import {
  blockReason,
  type CheckoutState,
  clampQuantity,
  hasStepper,
  isOwnedContent,
  needsAddress,
  parseGoodIds,
  preselectAddress,
  quantityBounds,
  referrerOf,
  summarize,
} from './checkout-rules';
import { sessionStore } from './idempotency';
import { type CheckoutLoad, loadCheckout } from './load-checkout';
import type { OrderCheckoutProps } from './props.gen';
import { QuantityStepper } from './QuantityStepper';
import type { Address } from './shapes';
import { submitOrder } from './submit-order';
import '../shared/order-parts.css';
import './order-checkout.css';

export default function OrderCheckout({ props, env }: BlockProps<OrderCheckoutProps>) {
  const ids = useMemo(() => parseGoodIds(props.goodIds), [props.goodIds]);
  const scope = ids.join(',');
  const here = useCurrentPath();
  const [load, setLoad] = useState<CheckoutLoad | null>(null);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [address, setAddress] = useState<Address | undefined>(undefined);
  const [remark, setRemark] = useState('');
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const reload = useCallback(async () => {
    setLoad(null);
    const next = await loadCheckout(env, ids);
    setLoad(next);
    if (next.kind === 'ready') setAddress(preselectAddress(next.addresses));
  }, [env, ids]);
  useEffect(() => {
    void reload();
  }, [reload]);

  if (!load)
    return (
      <p className="oc-state" data-testid="checkout-loading">
        {t.loading}
      </p>
    );
  if (load.kind === 'gone') {
    return (
      <section className="oc-state" data-testid="checkout-gone">
        <div className="oc-state-icon oc-state-icon-muted" aria-hidden="true">
          ?
        </div>
        <h2>{t.goneTitle}</h2>
        <p>{t.goneText}</p>
        <Link className="oc-state-button" to={props.mallPath || '/mall/index'}>
          {t.toMall}
        </Link>
      </section>
    );
  }
  if (load.kind === 'failed') {
    return (
      <section className="oc-state" data-testid="checkout-failed">
        <h2>{load.msg || t.loadFailed}</h2>
        <button type="button" className="oc-state-button" onClick={() => void reload()}>
          {t.retry}
        </button>
      </section>
    );
  }

  const { goods, addresses } = load;
  const owned = goods.find(isOwnedContent);
  if (owned) {
    return (
      <section className="oc-state" data-testid="checkout-owned">
        <div className="oc-state-icon" aria-hidden="true">
          ✓
        </div>
        <h2>{t.ownedTitle}</h2>
        <p>{t.ownedText(owned.name)}</p>
        <Link className="oc-state-button primary-like" to={owned.content_path} data-testid="checkout-open-owned">
          {t.open[owned.kind] ?? t.study}
        </Link>
      </section>
    );
  }

  const state: CheckoutState = { goods, qty, address, remark, referrerId: referrerOf(props.referrerId) };
  const summary = summarize(goods, qty);
  const reason = blockReason(state, t);
  const addHref = `${props.addressEditPath || '/address/edit'}?returnTo=${encodeURIComponent(here)}`;

  const submit = async () => {
    if (inFlight.current || reason) return;
    inFlight.current = true;
    setSending(true);
    const done = await submitOrder(env, state, scope, sessionStore(), props.resultPath || '/order/result/{id}');
    // After success the page is being replaced: keep the button disabled so no second order can start.
    if (!done) {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <section className="order-checkout" data-testid="order-checkout">
      {needsAddress(goods) ? <AddressPicker list={addresses} chosen={address} onChoose={setAddress} addHref={addHref} /> : null}

      <section className="oc-card oc-goods">
        {goods.map((g) => {
          const { min, max } = quantityBounds(g);
          const q = clampQuantity(g, qty[g.id] ?? 1);
          return (
            <div key={g.id} className="oc-good" data-testid="checkout-good" data-id={g.id} data-kind={g.kind}>
              {g.cover ? (
                <img className="oc-cover" src={g.cover} alt="" width={72} height={72} loading="lazy" />
              ) : (
                <div className="oc-cover" />
              )}
              <div className="oc-good-main">
                <p className="oc-good-name">{g.name}</p>
                <p className="oc-good-meta">
                  {g.kind === 'vip' && g.vip_days > 0 ? t.vipDays(g.vip_days) : null}
                  {g.kind === 'physical' ? (max === 0 ? t.soldOut : t.stockLeft(g.stock)) : null}
                  {g.kind !== 'physical' && g.kind !== 'vip' ? t.kindNote(g.kind) : null}
                </p>
                {g.kind === 'physical' && g.buy_gift ? (
                  <p className="oc-gift" data-testid="checkout-gift">
                    {t.gift(g.buy_gift)}
                  </p>
                ) : null}
                <div className="oc-good-foot">
                  <span className="oc-price">
                    {t.yuan(money(g.price))}
                    {g.display_price > g.price ? <s className="oc-list-price">{t.yuan(money(g.display_price))}</s> : null}
                  </span>
                  {hasStepper(g) && max > 0 ? (
                    <QuantityStepper
                      value={q}
                      min={min}
                      max={max}
                      onChange={(n) => setQty((m) => ({ ...m, [g.id]: clampQuantity(g, n) }))}
                    />
                  ) : (
                    <span className="oc-fixed-qty">× {q}</span>
                  )}
                </div>
              </div>
            </div>
          );
        })}
      </section>

      <section className="oc-card oc-remark">
        <label htmlFor="oc-remark">{t.remark}</label>
        <textarea
          id="oc-remark"
          data-testid="checkout-remark"
          rows={3}
          maxLength={ORDER_RULES.remarkMax}
          placeholder={t.remarkPlaceholder}
          value={remark}
          onChange={(e) => setRemark(e.target.value.slice(0, ORDER_RULES.remarkMax))}
        />
        <span className="oc-counter" data-testid="checkout-remark-count">
          {remark.length}/{ORDER_RULES.remarkMax}
        </span>
      </section>

      <section className="oc-card oc-summary" data-testid="checkout-summary">
        <h3>{t.summary}</h3>
        {summary.lines.map((l) => (
          <p key={l.id} className="oc-line" data-testid="checkout-line">
            <span>{t.line(l.name, l.quantity)}</span>
            <span>{t.yuan(l.amountText)}</span>
          </p>
        ))}
        {needsAddress(goods) ? (
          <p className="oc-line" data-testid="checkout-freight">
            <span>{t.freight}</span>
            <span>{summary.freight > 0 ? t.yuan(money(summary.freight)) : t.freeShipping}</span>
          </p>
        ) : null}
      </section>

      <div className="oc-bottom-spacer" />
      <div className="oc-bottom">
        {reason ? (
          <p className="oc-reason" data-testid="checkout-reason">
            {reason}
          </p>
        ) : null}
        <div className="oc-bar">
          <span className="oc-total">
            {t.total}
            <strong data-testid="checkout-total">{t.yuan(summary.totalText)}</strong>
          </span>
          <button
            type="button"
            className="oc-submit"
            data-testid="checkout-submit"
            disabled={sending || !!reason}
            onClick={() => void submit()}
          >
            {sending ? t.sending : t.submit}
          </button>
        </div>
      </div>
    </section>
  );
}

/** The delivery address of a physical order: the chosen card, a sheet to change it, and 新增收货地址 (back to this page). */
import { useState } from 'react';
import { orderCheckout as t } from '../../i18n/zh-CN/order-checkout';
import { Link } from '../../runtime/block-api';
import { PinIcon } from '../../runtime/icons';
import { BottomSheet } from '../shared/bottom-sheet/BottomSheet';
import type { Address } from './shapes';

/** 13812345678 → 138****5678. */
function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

function AddressLines({ a }: { a: Address }) {
  return (
    <>
      <div className="oc-addr-head">
        <strong>{a.name}</strong>
        <span>{maskMobile(a.mobile)}</span>
        {a.is_default === 1 ? <span className="oc-badge">{t.defaultBadge}</span> : null}
        {a.tag ? <span className="oc-tag">{a.tag}</span> : null}
      </div>
      <p className="oc-addr-full">{a.full_address}</p>
    </>
  );
}

export function AddressPicker({
  list,
  chosen,
  onChoose,
  addHref,
}: {
  list: readonly Address[];
  chosen: Address | undefined;
  onChoose: (a: Address) => void;
  addHref: string;
}) {
  const [open, setOpen] = useState(false);
  if (!chosen) {
    return (
      <section className="oc-card oc-address oc-address-none" data-testid="checkout-address">
        <PinIcon className="oc-address-icon" />
        <div className="oc-address-main">
          <strong>{t.noAddress}</strong>
          <p className="oc-hint">{t.noAddressHint}</p>
        </div>
        <Link className="oc-add-link" to={addHref} data-testid="checkout-address-add">
          {t.addAddress}
        </Link>
      </section>
    );
  }
  return (
    <>
      <button type="button" className="oc-card oc-address" data-testid="checkout-address" data-id={chosen.id} onClick={() => setOpen(true)}>
        <PinIcon className="oc-address-icon" />
        <div className="oc-address-main">
          <AddressLines a={chosen} />
        </div>
        <span className="oc-chevron">{t.change} ›</span>
      </button>
      {open ? (
        <BottomSheet title={t.chooseAddress} closeLabel={t.close} onClose={() => setOpen(false)} testId="checkout-address-sheet">
          <ul className="oc-addr-list">
            {list.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="oc-addr-option"
                  data-testid="checkout-address-option"
                  data-id={a.id}
                  aria-pressed={a.id === chosen.id}
                  onClick={() => {
                    onChoose(a);
                    setOpen(false);
                  }}
                >
                  <span className="oc-radio" aria-hidden="true" />
                  <span className="oc-addr-option-main">
                    <AddressLines a={a} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Link className="primary oc-sheet-add" to={addHref} data-testid="checkout-address-add">
            {t.addAddress}
          </Link>
        </BottomSheet>
      ) : null}
    </>
  );
}

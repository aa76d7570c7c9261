import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { call } from '../../api';
import { ADDRESS_RULES, type Address, addressList, removeAddress, saveAddress } from '../../contract/address';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { showToast } from '../../state/ui';
import type { AddressListProps } from './props.gen';
import './address-list.css';

const t = i18n.address;

/** 13812345678 → 138****5678. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/** The save body that makes `a` the default, everything else unchanged. */
export function defaultBody(a: Address) {
  return {
    id: a.id,
    name: a.name,
    mobile: a.mobile,
    tag: a.tag,
    district_1_id: a.district_1_id,
    district_1_name: a.district_1_name,
    district_2_id: a.district_2_id,
    district_2_name: a.district_2_name,
    district_3_id: a.district_3_id,
    district_3_name: a.district_3_name,
    detail: a.detail,
    is_default: 1,
  };
}

function ConfirmSheet({ text, onCancel, onConfirm }: { text: string; onCancel(): void; onConfirm(): void }) {
  return (
    <div className="al-confirm-backdrop" data-testid="confirm-sheet" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div className="al-confirm" role="alertdialog" aria-modal="true" aria-label={text}>
        <p>{text}</p>
        <div className="al-confirm-buttons">
          <button type="button" onClick={onCancel}>
            {t.cancel}
          </button>
          <button type="button" className="danger" data-testid="confirm-ok" onClick={onConfirm}>
            {t.remove}
          </button>
        </div>
      </div>
    </div>
  );
}

/** `/address/list`: the user's addresses with default badge, set default, edit and delete (with a confirmation). */
export default function AddressList({ props }: BlockProps<AddressListProps>) {
  const navigate = useNavigate();
  const editPath = props.editPath || '/address/edit';
  const [items, setItems] = useState<Address[] | null>(null);
  const [confirming, setConfirming] = useState<Address | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const res = await call(addressList, {});
    if (res.status === 0 && res.data) setItems(res.data);
    else showToast(res.msg);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const run = async (work: () => Promise<{ status: number; msg: string }>, ok: string) => {
    if (busy) return;
    setBusy(true);
    const res = await work();
    setBusy(false);
    if (res.status !== 0) return showToast(res.msg);
    showToast(ok);
    await reload();
  };
  const makeDefault = (a: Address) => run(() => call(saveAddress, defaultBody(a)), t.defaultSet);
  const remove = (a: Address) => {
    setConfirming(null);
    void run(() => call(removeAddress, { id: a.id }), t.removed);
  };
  const add = () => {
    if ((items?.length ?? 0) >= ADDRESS_RULES.maxPerUser) return showToast(t.full(ADDRESS_RULES.maxPerUser));
    navigate(editPath);
  };

  return (
    <section className="address-list" data-testid="address-list">
      {items && items.length === 0 ? <p className="al-empty">{props.emptyText || t.empty}</p> : null}
      <ul>
        {(items ?? []).map((a) => (
          <li key={a.id} className="al-card" data-testid="address-card" data-id={a.id} data-default={a.is_default === 1 || undefined}>
            <div className="al-head">
              <strong className="al-name">{a.name}</strong>
              <span className="al-mobile">{maskMobile(a.mobile)}</span>
              {a.is_default === 1 ? <span className="al-badge" data-testid="address-default-badge">{t.defaultBadge}</span> : null}
              {a.tag ? <span className="al-tag">{a.tag}</span> : null}
            </div>
            <p className="al-full" data-testid="address-full">
              {a.full_address}
            </p>
            <div className="al-actions">
              {a.is_default === 1 ? (
                <span className="al-is-default">{t.isDefault}</span>
              ) : (
                <button type="button" className="al-link" data-testid="address-set-default" disabled={busy} onClick={() => void makeDefault(a)}>
                  {t.setDefault}
                </button>
              )}
              <span className="al-spacer" />
              <Link className="al-link" data-testid="address-edit" to={`${editPath}/${a.id}`}>
                {t.edit}
              </Link>
              <button type="button" className="al-link" data-testid="address-delete" disabled={busy} onClick={() => setConfirming(a)}>
                {t.remove}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="al-bottom-spacer" />
      <div className="al-bottom">
        <button type="button" className="primary" data-testid="address-add" onClick={add}>
          {t.add}
        </button>
      </div>
      {confirming ? <ConfirmSheet text={t.confirmRemove} onCancel={() => setConfirming(null)} onConfirm={() => remove(confirming)} /> : null}
    </section>
  );
}

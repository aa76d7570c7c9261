import { useCallback, useEffect, useState } from 'react';
import { ADDRESS_RULES, type Address } from '../../contract/addresses';
import { type BlockProps, type CallReply, type Env, Link } from '../../runtime/block-api';
import type { AddressListProps } from './props.gen';
import './address-list.css';
import { address } from '../../i18n/zh-CN/address';

const t = address;

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

/** Toasts the server message, or `ok` on success; true on success. */
async function settle(env: Env, reply: Promise<CallReply<unknown>>, ok: string): Promise<boolean> {
  const res = await reply;
  env.toast(res.status === 0 ? ok : res.msg);
  return res.status === 0;
}

/** Makes `a` the default address; true when the server did. */
export function makeDefault(env: Env, a: Address): Promise<boolean> {
  return settle(env, env.call('address.save', defaultBody(a)), t.defaultSet);
}

/** Asks first, then deletes `a`; true when it was deleted. */
export async function removeAfterConfirm(env: Env, a: Address): Promise<boolean> {
  if (!(await env.confirm({ text: t.confirmRemove, okText: t.remove, cancelText: t.cancel, danger: true }))) return false;
  return settle(env, env.call('address.remove', { id: a.id }), t.removed);
}

/** Opens the form for a new address, unless the user already has the most addresses allowed (toasted). */
export function addAddress(env: Env, count: number, editPath: string): void {
  if (count >= ADDRESS_RULES.maxPerUser) env.toast(t.full(ADDRESS_RULES.maxPerUser));
  else env.navigate(editPath);
}

/** `/address/list`: the user's addresses with default badge, set default, edit and delete (with a confirmation). */
export default function AddressList({ props, env }: BlockProps<AddressListProps>) {
  const editPath = props.editPath || '/address/edit';
  const [items, setItems] = useState<Address[] | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const res = await env.call('address.list', {});
    if (res.status === 0 && res.data) setItems(res.data);
    else env.toast(res.msg);
  }, [env]);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** One change at a time; the list is reloaded after a change that succeeded. */
  const run = async (work: () => Promise<boolean>) => {
    if (busy) return;
    setBusy(true);
    const changed = await work();
    setBusy(false);
    if (changed) await reload();
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
              {a.is_default === 1 ? (
                <span className="al-badge" data-testid="address-default-badge">
                  {t.defaultBadge}
                </span>
              ) : null}
              {a.tag ? <span className="al-tag">{a.tag}</span> : null}
            </div>
            <p className="al-full" data-testid="address-full">
              {a.full_address}
            </p>
            <div className="al-actions">
              {a.is_default === 1 ? (
                <span className="al-is-default">{t.isDefault}</span>
              ) : (
                <button
                  type="button"
                  className="al-link"
                  data-testid="address-set-default"
                  disabled={busy}
                  onClick={() => void run(() => makeDefault(env, a))}
                >
                  {t.setDefault}
                </button>
              )}
              <span className="al-spacer" />
              <Link className="al-link" data-testid="address-edit" to={`${editPath}/${a.id}`}>
                {t.edit}
              </Link>
              <button
                type="button"
                className="al-link"
                data-testid="address-delete"
                disabled={busy}
                onClick={() => void run(() => removeAfterConfirm(env, a))}
              >
                {t.remove}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="al-bottom-spacer" />
      <div className="al-bottom">
        <button type="button" className="primary" data-testid="address-add" onClick={() => addAddress(env, items?.length ?? 0, editPath)}>
          {t.add}
        </button>
      </div>
    </section>
  );
}

import { type FormEvent, useEffect, useState } from 'react';
import { ADDRESS_RULES } from '../../contract/addresses';
import type { BlockProps, Env } from '../../runtime/block-api';
import { loadErrorText } from '../shared/load-error';
import { type AddressForm, checkForm, emptyForm, formFromAddress, toInput } from './address-form';
import { DistrictPicker } from './DistrictPicker';
import type { AddressEditProps } from './props.gen';
import './address-edit.css';
import { address } from '../../i18n/zh-CN/address';

const t = address;

/** A positive integer id from the route, or undefined (new address). */
export function addressIdOf(raw: unknown): number | undefined {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

const DEFAULT_RETURN = '/address/list';

/** `returnTo` when it is an in-app path (e.g. the checkout's `?returnTo=`), else the address list. */
export function returnPath(returnTo: string | undefined): string {
  return returnTo && /^\/(?![/\\])/.test(returnTo) ? returnTo : DEFAULT_RETURN;
}

/**
 * Checks and saves the form, then says so and goes to returnTo. A problem or refusal is toasted and returned (the form
 * keeps it in view above 保存); '' when saved.
 */
export async function saveForm(env: Env, form: AddressForm, id: number | undefined, returnTo: string | undefined): Promise<string> {
  const problem = checkForm(form);
  if (problem) {
    env.toast(problem);
    return problem;
  }
  const res = await env.call('address.save', toInput(form, id));
  if (res.status !== 0) {
    const msg = res.msg || t.saveFailed;
    env.toast(msg);
    return msg;
  }
  env.toast(t.saved);
  env.navigate(returnPath(returnTo), { replace: true });
  return '';
}

/** `/address/edit/:addressId?`: the address form; without an id it creates a new address. */
export default function AddressEdit({ props, env }: BlockProps<AddressEditProps>) {
  const id = addressIdOf(props.addressId);
  const [form, setForm] = useState<AddressForm>(emptyForm);
  const [loading, setLoading] = useState(id !== undefined);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const set = <K extends keyof AddressForm>(key: K, value: AddressForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setLoading(true);
    env.call('address.detail', { id }).then((res) => {
      if (!live) return;
      setLoading(false);
      if (res.status === 0 && res.data) setForm(formFromAddress(res.data));
      else setError(loadErrorText(res) || t.loadFailed);
    });
    return () => {
      live = false;
    };
  }, [env, id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setProblem(await saveForm(env, form, id, props.returnTo));
    } finally {
      setBusy(false);
    }
  };

  if (error) {
    return (
      <section className="address-edit-error" data-testid="address-edit-error">
        <p>{error}</p>
        <button type="button" className="primary" onClick={() => env.navigate(returnPath(props.returnTo), { replace: true })}>
          {t.back}
        </button>
      </section>
    );
  }
  return (
    <form className="address-edit" data-testid="address-edit" aria-busy={loading || undefined} onSubmit={submit} noValidate>
      <label className="ae-row">
        <span>{t.name}</span>
        <input
          name="name"
          value={form.name}
          maxLength={ADDRESS_RULES.nameMax}
          placeholder={t.namePlaceholder}
          onChange={(e) => set('name', e.target.value)}
        />
      </label>
      <label className="ae-row">
        <span>{t.mobile}</span>
        <input
          name="mobile"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          value={form.mobile}
          placeholder={t.mobilePlaceholder}
          onChange={(e) => set('mobile', e.target.value.replace(/\D/g, ''))}
        />
      </label>
      <div className="ae-row ae-region">
        <span>{t.region}</span>
        <DistrictPicker env={env} value={form.districts} onChange={(d) => set('districts', d)} />
      </div>
      <label className="ae-row ae-detail">
        <span>{t.detail}</span>
        <textarea
          name="detail"
          rows={3}
          maxLength={ADDRESS_RULES.detailMax}
          value={form.detail}
          placeholder={t.detailPlaceholder}
          onChange={(e) => set('detail', e.target.value)}
        />
      </label>
      <div className="ae-row ae-tag">
        <span>{t.tag}</span>
        <div className="ae-tags">
          {t.tagPresets.map((p) => (
            <button
              key={p}
              type="button"
              className={form.tag === p ? 'ae-chip active' : 'ae-chip'}
              aria-pressed={form.tag === p}
              onClick={() => set('tag', form.tag === p ? '' : p)}
            >
              {p}
            </button>
          ))}
          <input
            name="tag"
            aria-label={t.tag}
            value={form.tag}
            maxLength={ADDRESS_RULES.tagMax}
            placeholder={t.tagPlaceholder}
            onChange={(e) => set('tag', e.target.value)}
          />
        </div>
      </div>
      <label className="ae-row ae-default">
        <span>{t.makeDefault}</span>
        <input name="is_default" type="checkbox" checked={form.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />
      </label>
      {problem ? (
        <p className="ae-problem" role="alert" data-testid="address-edit-problem">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy || loading}>
        {busy ? t.saving : t.save}
      </button>
    </form>
  );
}

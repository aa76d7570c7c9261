import { type FormEvent, useState } from 'react';
import { normalizeVipCode } from '../../contract/vip';
import { chinaDay } from '../../format/order';
import { vipExchange as t } from '../../i18n/zh-CN/order';
import type { BlockProps, OutputOfId } from '../../runtime/block-api';
import type { VipExchangeProps } from './props.gen';
import './vip-exchange.css';

/** What the input shows while typing: upper case, only letters, digits, spaces and dashes, at most 40 characters. */
export function codeInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9\s-]/g, '')
    .slice(0, 40);
}

/** `/exchange-vip` (auth required): redeem a VIP code. */
export default function VipExchange({ props, env }: BlockProps<VipExchangeProps>) {
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<OutputOfId<'vip.exchange'> | null>(null);
  const home = props.homePath || '/user/home';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const normal = normalizeVipCode(code);
    if (!normal) {
      setError(t.empty);
      return;
    }
    setSending(true);
    setError('');
    const res = await env.call('vip.exchange', { code: normal });
    setSending(false);
    if (res.status === 0 && res.data) setDone(res.data);
    else setError(res.msg);
  };

  if (done) {
    return (
      <section className="vx-done" data-testid="vip-exchange-done">
        <div className="vx-done-icon" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48">
            <title>{t.okTitle}</title>
            <circle cx="24" cy="24" r="22" fill="#f6c453" />
            <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <h2>{t.okTitle}</h2>
        <p className="vx-done-text" role="status">
          {t.ok(done.name, chinaDay(done.expires_at))}
        </p>
        <p className="vx-done-days">{t.days(done.days)}</p>
        <button type="button" className="vx-btn" onClick={() => env.navigate(home)}>
          {t.toHome}
        </button>
        <button
          type="button"
          className="vx-link"
          onClick={() => {
            setDone(null);
            setCode('');
          }}
        >
          {t.again}
        </button>
      </section>
    );
  }

  return (
    <form className="vx" onSubmit={(e) => void submit(e)} noValidate>
      <div className="vx-card">
        <h2>{t.title}</h2>
        <p className="vx-intro">{t.intro}</p>
        <label className="vx-label" htmlFor="vx-code">
          {t.label}
        </label>
        <input
          id="vx-code"
          className="vx-input"
          value={code}
          onChange={(e) => {
            setCode(codeInput(e.target.value));
            if (error) setError('');
          }}
          placeholder={t.placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'vx-error' : undefined}
        />
        {error ? (
          <p id="vx-error" className="vx-error" role="alert" data-testid="vip-exchange-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="vx-btn" disabled={sending || !normalizeVipCode(code)}>
          {sending ? t.sending : t.submit}
        </button>
      </div>
      <ul className="vx-tips">
        {t.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </form>
  );
}

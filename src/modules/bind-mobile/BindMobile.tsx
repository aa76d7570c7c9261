import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api';
import { bindMobile, confirmBindMobile } from '../../contract/binding';
import { MOBILE_RE } from '../../contract/fields';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { showToast } from '../../state/ui';
import type { BindMobileProps } from './props.gen';
import './bind-mobile.css';

const t = { ...i18n.login, ...i18n.bindMobile };
export const DEFAULT_RETURN = '/user/home';

/** Only same-site paths are followed (no open redirect), and never the bind page itself. */
export function safeReturnTo(raw: string | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || raw.startsWith('/user/bind_mobile')) return DEFAULT_RETURN;
  return raw;
}

/** What is wrong with the form before anything is sent, or '' when it may be sent. */
export function formProblem(mobile: string, code: string | null): string {
  if (!mobile) return t.needMobile;
  if (!MOBILE_RE.test(mobile)) return t.badMobile;
  if (code === null) return '';
  if (!code) return t.needCode;
  return /^\d{6}$/.test(code) ? '' : t.badCode;
}

/** The bind-mobile form: mobile, SMS code (with resend countdown), confirm; then back to returnTo. */
export default function BindMobile({ props }: BlockProps<BindMobileProps>) {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const send = async () => {
    if (countdown > 0) return;
    const problem = formProblem(mobile, null);
    if (problem) return showToast(problem);
    const res = await call(bindMobile, { mobile });
    if (res.status !== 0 || !res.data) return showToast(res.msg);
    showToast(t.codeSent);
    setCountdown(res.data.resend_in);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = formProblem(mobile, code);
    if (problem) return showToast(problem);
    setBusy(true);
    const res = await call(confirmBindMobile, { mobile, code });
    setBusy(false);
    if (res.status !== 0) return showToast(res.msg);
    showToast(t.success);
    navigate(safeReturnTo(props.returnTo), { replace: true });
  };

  return (
    <section className="bind-mobile" data-testid="bind-mobile">
      <p className="bind-mobile-intro">{props.intro ?? t.intro}</p>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>{t.mobile}</span>
          <input
            name="mobile"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel"
            placeholder={t.mobilePlaceholder}
            value={mobile}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label className="field">
          <span>{t.code}</span>
          <input
            name="code"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={t.codePlaceholder}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className="send-code" disabled={countdown > 0} onClick={send}>
            {countdown > 0 ? t.resendIn(countdown) : t.sendCode}
          </button>
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </form>
    </section>
  );
}

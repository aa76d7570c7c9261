import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { call } from '../../api';
import { mobileCodeLogin, sendMobileCode } from '../../contract/auth';
import { MOBILE_RE } from '../../contract/fields';
import { i18n } from '../../i18n';
import { loginSucceeded } from '../../state/auth';
import { showToast } from '../../state/ui';

const t = i18n.login;

/** Only same-site paths are followed after login (no open redirects). */
export function safeReturnPath(raw: string | undefined): string {
  if (!raw) return '/';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return '/';
  }
  return decoded.startsWith('/') && !decoded.startsWith('//') && !decoded.startsWith('/user/mobile_login') ? decoded : '/';
}

/** `/user/mobile_login/:routeTo?/:thirdAuthKey?`: log in with an SMS code, then go back to routeTo. */
export default function MobileLogin() {
  const { routeTo, thirdAuthKey } = useParams();
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

  const checkMobile = (): boolean => {
    if (!mobile) showToast(t.needMobile);
    else if (!MOBILE_RE.test(mobile)) showToast(t.badMobile);
    else return true;
    return false;
  };

  const send = async () => {
    if (countdown > 0 || !checkMobile()) return;
    const res = await call(sendMobileCode, { mobile, is_register: 0 });
    if (res.status !== 0 || !res.data) return showToast(res.msg);
    showToast(t.codeSent);
    setCountdown(res.data.resend_in);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !checkMobile()) return;
    if (!code) return showToast(t.needCode);
    setBusy(true);
    const res = await call(mobileCodeLogin, { mobile, code, ...(thirdAuthKey ? { third_auth_key: thirdAuthKey } : {}) });
    setBusy(false);
    if (res.status !== 0 || !res.data) return showToast(res.msg);
    loginSucceeded(res.data.token, res.data.user.is_first === 1);
    showToast(t.success);
    navigate(safeReturnPath(routeTo), { replace: true });
  };

  return (
    <main className="page mobile-login">
      <h1>{t.title}</h1>
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
          {t.submit}
        </button>
        <p className="hint">{t.agreement}</p>
      </form>
    </main>
  );
}

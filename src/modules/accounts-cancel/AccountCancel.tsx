import { type ComponentType, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { accountCancel } from '../../i18n/zh-CN/account-cancel';
import { login } from '../../i18n/zh-CN/login';
import { smsChallenge } from '../../i18n/zh-CN/sms-challenge';
import { type BlockProps, type Env, isSameSitePath, Link } from '../../runtime/block-api';
import { fetchSmsChallenge, type SendOutcome, sendOutcome } from '../shared/sms-challenge/outcome';
import type { SmsChallengeProps } from '../shared/sms-challenge/SmsChallenge';
import type { AccountsCancelProps } from './props.gen';
import './account-cancel.css';
import '../shared/sms-consent.css';

const t = accountCancel;
export const AGREEMENT = '/user/agreement/cancellation';

/** 13812341234 → 138****1234; anything else as it is. */
export function masked(mobile: string | undefined): string {
  return mobile && /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : (mobile ?? '');
}

/** What is wrong before anything is sent ('' when fine); code null = only sending. */
export function formProblem(agreed: boolean, code: string | null): string {
  if (!agreed) return t.needAgree;
  if (code === null) return '';
  if (!code) return login.needCode;
  return /^\d{6}$/.test(code) ? '' : t.badCode;
}

/** Asks for the deletion code; the seconds until a resend, null when refused (toasted), or 'challenge'. */
export async function sendCancelCode(env: Env, altcha?: string): Promise<SendOutcome> {
  const res = await env.call('account.cancel_code', altcha ? { altcha } : {});
  return sendOutcome(res, (text) => env.toast(text), altcha !== undefined);
}

/**
 * Asks once more, then deletes the account with the code. True when it is gone (the caller leaves for home and
 * ends the session); a refusal is toasted and the form stays.
 */
export async function confirmCancel(env: Env, code: string): Promise<boolean> {
  if (!(await env.confirm({ text: t.confirmText, okText: t.confirmOk, cancelText: t.cancel, danger: true }))) return false;
  const res = await env.call('account.cancel', { code });
  if (res.status !== 0) {
    env.toast(res.msg);
    return false;
  }
  return true;
}

/** `/user/cancel` (auth required): consent to the agreement, the code sent to the bound mobile, the last confirmation. */
export default function AccountCancel({ props, env }: BlockProps<AccountsCancelProps>) {
  const [agreed, setAgreed] = useState(false);
  const [code, setCode] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);
  const [Challenge, setChallenge] = useState<ComponentType<SmsChallengeProps> | null>(null);
  const [asking, setAsking] = useState(false);
  const [round, setRound] = useState(0);
  const agreeId = useId();
  const agreement = isSameSitePath(props.agreementTo) ? props.agreementTo : AGREEMENT;
  // Leave first and drop the token once this auth-only page is gone (as logout does on the user home): dropping it
  // while the page is on screen would send its guard to the login page.
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (!leaving.current) return;
      env.session.logout();
      env.toast(t.done);
    },
    [env],
  );
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const settle = (outcome: SendOutcome, solved: boolean) => {
    if (typeof outcome === 'number') {
      setAsking(false);
      env.toast(login.codeSent);
      setCountdown(outcome);
      return;
    }
    if (outcome === null || asking) {
      if (solved || asking) setRound((r) => r + 1);
      return;
    }
    setAsking(true);
    if (!Challenge) {
      import('../shared/sms-challenge/SmsChallenge').then(
        (m) => setChallenge(() => m.default),
        () => {
          setAsking(false);
          env.toast(smsChallenge.loadFailed);
        },
      );
    }
  };

  const onSend = async () => {
    if (countdown > 0) return;
    const problem = formProblem(agreed, null);
    if (problem) return env.toast(problem);
    settle(await sendCancelCode(env), false);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = formProblem(agreed, code);
    if (problem) return env.toast(problem);
    setBusy(true);
    try {
      if (await confirmCancel(env, code)) {
        leaving.current = true;
        env.navigate('/', { replace: true });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account-cancel" data-testid="account-cancel">
      <p className="account-cancel-intro">{t.intro}</p>
      <form onSubmit={onSubmit} noValidate>
        {props.mobile ? <p className="account-cancel-to">{t.sendTo(masked(props.mobile))}</p> : null}
        <label className="field">
          <span>{login.code}</span>
          <input
            name="code"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={login.codePlaceholder}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className="send-code" disabled={countdown > 0} onClick={onSend}>
            {countdown > 0 ? login.resendIn(countdown) : login.sendCode}
          </button>
        </label>
        {asking ? (
          Challenge ? (
            <Challenge key={round} load={() => fetchSmsChallenge(env)} onSolved={async (p) => settle(await sendCancelCode(env, p), true)} />
          ) : (
            <p className="sms-challenge-loading">{smsChallenge.loading}</p>
          )
        ) : null}
        <div className="account-cancel-agree">
          <input
            id={agreeId}
            name="agree"
            type="checkbox"
            className="sms-consent-box"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          <label htmlFor={agreeId}>
            {t.agreePrefix}
            <Link to={agreement} className="account-cancel-link">
              {t.agreementTitle}
            </Link>
          </label>
        </div>
        <button type="submit" className="primary account-cancel-submit" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </form>
    </section>
  );
}

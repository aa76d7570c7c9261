import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { i18n } from '../../i18n';
import { smsFormProblem } from './sms-code-form';

export interface SmsCodeFormProps {
  /** Sends the code; resolves with the seconds until a resend is allowed, or null when refused (it toasts). */
  send(mobile: string): Promise<number | null>;
  /** Submits mobile and code (it toasts and navigates). */
  submit(mobile: string, code: string): Promise<void>;
  /** Shows a short message (the environment's toast). */
  toast(text: string): void;
  submitText: string;
  busyText?: string;
  children?: ReactNode;
}

const t = i18n.login;

/** The mobile + SMS code form shared by login and mobile binding: checks, resend countdown, busy state. */
export function SmsCodeForm({ send, submit, toast, submitText, busyText, children }: SmsCodeFormProps) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const onSend = async () => {
    if (countdown > 0) return;
    const problem = smsFormProblem(mobile, null);
    if (problem) return toast(problem);
    const wait = await send(mobile);
    if (wait !== null) {
      toast(t.codeSent);
      setCountdown(wait);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = smsFormProblem(mobile, code);
    if (problem) return toast(problem);
    setBusy(true);
    try {
      await submit(mobile, code);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
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
        <button type="button" className="send-code" disabled={countdown > 0} onClick={onSend}>
          {countdown > 0 ? t.resendIn(countdown) : t.sendCode}
        </button>
      </label>
      <button type="submit" className="primary" disabled={busy}>
        {busy && busyText ? busyText : submitText}
      </button>
      {children}
    </form>
  );
}

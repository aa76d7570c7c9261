import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { login } from '../../i18n/zh-CN/login';
import { smsFormProblem } from './sms-code-form';

/** A consent box the user must tick before a code is sent or the form submitted (unticked at first). */
export interface SmsConsent {
  /** The box's label (may hold links, e.g. to the agreements). */
  label: ReactNode;
  /** Toasted when the user sends or submits without ticking it. */
  refusal: string;
}

export interface SmsCodeFormProps {
  /** Sends the code; resolves with the seconds until a resend is allowed, or null when refused (it toasts). */
  send(mobile: string): Promise<number | null>;
  /** Submits mobile and code (it toasts and navigates). */
  submit(mobile: string, code: string): Promise<void>;
  /** Shows a short message (the environment's toast). */
  toast(text: string): void;
  submitText: string;
  busyText?: string;
  /** A consent box under the fields; nothing is sent to the server until it is ticked. */
  consent?: SmsConsent;
  /**
   * Keeps what the user typed (mobile, code, consent, resend countdown) when they follow a link of the consent label
   * and restores it when they come back (memory only, taken once, within 10 minutes).
   */
  draftKey?: string;
  children?: ReactNode;
}

interface Draft {
  mobile: string;
  code: string;
  agreed: boolean;
  /** Epoch ms when a resend is allowed again. */
  resendAt: number;
  /** Epoch ms when it was kept. */
  savedAt: number;
}

const t = login;
const drafts = new Map<string, Draft>();
/** A draft older than this is not restored (the user left for good; the consent is asked again). */
const DRAFT_TTL_MS = 10 * 60 * 1000;

/** The draft kept under `key` (removed: a draft is restored once, and only soon after it was kept). */
function takeDraft(key: string | undefined): Draft | undefined {
  if (!key) return undefined;
  const draft = drafts.get(key);
  drafts.delete(key);
  return draft && Date.now() - draft.savedAt < DRAFT_TTL_MS ? draft : undefined;
}

/** The mobile + SMS code form shared by login and mobile binding: checks, consent, resend countdown, busy state. */
export function SmsCodeForm({ send, submit, toast, submitText, busyText, consent, draftKey, children }: SmsCodeFormProps) {
  const [draft] = useState(() => takeDraft(draftKey));
  const [mobile, setMobile] = useState(draft?.mobile ?? '');
  const [code, setCode] = useState(draft?.code ?? '');
  const [agreed, setAgreed] = useState(draft?.agreed ?? false);
  const [countdown, setCountdown] = useState(() => (draft ? Math.max(0, Math.ceil((draft.resendAt - Date.now()) / 1000)) : 0));
  const [busy, setBusy] = useState(false);
  const consentId = useId();

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  /** The refusal to toast when consent is asked for and not given ('' when fine). */
  const consentProblem = () => (consent && !agreed ? consent.refusal : '');

  const onSend = async () => {
    if (countdown > 0) return;
    const problem = consentProblem() || smsFormProblem(mobile, null);
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
    const problem = consentProblem() || smsFormProblem(mobile, code);
    if (problem) return toast(problem);
    setBusy(true);
    try {
      await submit(mobile, code);
    } finally {
      setBusy(false);
    }
  };

  /** Following a link of the consent label keeps the form for when the user comes back. */
  const keepDraftOnLink = (e: MouseEvent) => {
    if (draftKey && e.target instanceof Element && e.target.closest('a')) {
      drafts.set(draftKey, { mobile, code, agreed, resendAt: Date.now() + countdown * 1000, savedAt: Date.now() });
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
      {consent ? (
        <div className="sms-consent" data-testid="consent" onClickCapture={keepDraftOnLink}>
          <input
            id={consentId}
            name="consent"
            type="checkbox"
            className="sms-consent-box"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          <label htmlFor={consentId} className="sms-consent-label">
            {consent.label}
          </label>
        </div>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {busy && busyText ? busyText : submitText}
      </button>
      {children}
    </form>
  );
}

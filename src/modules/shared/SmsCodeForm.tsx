import { type ComponentType, type FormEvent, type MouseEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { login } from '../../i18n/zh-CN/login';
import { smsChallenge } from '../../i18n/zh-CN/sms-challenge';
import type { SendOutcome } from './sms-challenge/outcome';
import type { SmsChallengeProps } from './sms-challenge/SmsChallenge';
import { maskedMobile, smsCodeProblem, smsFormProblem } from './sms-code-form';
import './sms-consent.css';

/** A consent box the user must tick before a code is sent or the form submitted (unticked at first). */
export interface SmsConsent {
  /** The box's label (may hold links, e.g. to the agreements). */
  label: ReactNode;
  /** Toasted when the user sends or submits without ticking it. */
  refusal: string;
  /** The box's form name ('consent' unless given). */
  name?: string;
}

export interface SmsCodeFormProps {
  /**
   * The mobile the code goes to when it is not the user's to type (the account's bound mobile, known to the server):
   * shown masked in place of the mobile field, not editable and not checked here; `send` and `submit` get it as it is.
   * '' when the page does not know it (no line shown).
   */
  fixedMobile?: string;
  /**
   * Sends the code (with a solved challenge payload when the server asked for one); resolves with the seconds until a
   * resend is allowed, null when refused (it toasts), or 'challenge' when the server asks for a challenge first.
   */
  send(mobile: string, altcha?: string): Promise<SendOutcome>;
  /** Fetches a challenge for the widget (auth.sms_challenge); null when that failed. */
  challenge?(): Promise<unknown | null>;
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

/**
 * The mobile + SMS code form shared by login, mobile binding and account deletion (a fixed mobile): checks, consent,
 * resend countdown, challenge, busy state.
 */
export function SmsCodeForm({
  fixedMobile,
  send,
  challenge,
  submit,
  toast,
  submitText,
  busyText,
  consent,
  draftKey,
  children,
}: SmsCodeFormProps) {
  const [draft] = useState(() => takeDraft(draftKey));
  const [typed, setMobile] = useState(draft?.mobile ?? '');
  const fixed = fixedMobile !== undefined;
  const mobile = fixed ? fixedMobile : typed;
  const [code, setCode] = useState(draft?.code ?? '');
  const [agreed, setAgreed] = useState(draft?.agreed ?? false);
  const [countdown, setCountdown] = useState(() => (draft ? Math.max(0, Math.ceil((draft.resendAt - Date.now()) / 1000)) : 0));
  const [busy, setBusy] = useState(false);
  /** The challenge widget (its lazy chunk once loaded) and its round: a new round mounts a fresh widget. */
  const [Challenge, setChallenge] = useState<ComponentType<SmsChallengeProps> | null>(null);
  const [asking, setAsking] = useState(false);
  const [round, setRound] = useState(0);
  const consentId = useId();

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  /** The refusal to toast when consent is asked for and not given ('' when fine). */
  const consentProblem = () => (consent && !agreed ? consent.refusal : '');
  /** What is wrong before sending (code null) or submitting ('' when fine); a fixed mobile is the server's to check. */
  const formProblem = (code: string | null) => consentProblem() || (fixed ? smsCodeProblem(code) : smsFormProblem(mobile, code));

  const onSend = async () => {
    if (countdown > 0) return;
    const problem = formProblem(null);
    if (problem) return toast(problem);
    settle(await send(mobile), false);
  };

  /** After a send: counts down, or shows the challenge (loading its chunk the first time), or a fresh one. */
  const settle = (outcome: SendOutcome, solved: boolean) => {
    if (typeof outcome === 'number') {
      setAsking(false);
      toast(t.codeSent);
      setCountdown(outcome);
      return;
    }
    // A solved challenge is spent by a refused send as well (or was expired or used): the next try needs a new one.
    if (outcome === null || asking) {
      if (solved || asking) setRound((r) => r + 1);
      return;
    }
    if (!challenge) return toast(smsChallenge.loadFailed);
    setAsking(true);
    if (!Challenge) {
      // Its own chunk: only a form that is asked for a challenge loads the widget.
      import('./sms-challenge/SmsChallenge').then(
        (m) => setChallenge(() => m.default),
        () => {
          setAsking(false);
          toast(smsChallenge.loadFailed);
        },
      );
    }
  };

  const onSolved = async (payload: string) => {
    const problem = formProblem(null);
    if (problem) {
      setRound((r) => r + 1);
      return toast(problem);
    }
    settle(await send(mobile, payload), true);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = formProblem(code);
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
      drafts.set(draftKey, { mobile: typed, code, agreed, resendAt: Date.now() + countdown * 1000, savedAt: Date.now() });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {fixed ? (
        fixedMobile ? (
          <p className="sms-fixed-mobile">{t.sendTo(maskedMobile(fixedMobile))}</p>
        ) : null
      ) : (
        <label className="field">
          <span>{t.mobile}</span>
          <input
            name="mobile"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel"
            placeholder={t.mobilePlaceholder}
            value={typed}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
          />
        </label>
      )}
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
      {asking && challenge ? (
        Challenge ? (
          <Challenge key={round} load={challenge} onSolved={onSolved} />
        ) : (
          <p className="sms-challenge-loading">{smsChallenge.loading}</p>
        )
      ) : null}
      {consent ? (
        <div className="sms-consent" data-testid="consent" onClickCapture={keepDraftOnLink}>
          <input
            id={consentId}
            name={consent.name ?? 'consent'}
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

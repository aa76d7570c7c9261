/**
 * The proof-of-work challenge of the SMS form, in its own lazy chunk: the form imports it only when the server asks
 * for one (4028), so the first screen never carries the widget. `altcha/external` is the widget without its bundled
 * blob workers and inline styles; the PBKDF2 work runs on the page through Web Crypto (PageSolver), so a strict
 * Content-Security-Policy (script-src 'self', no worker-src blob:, no wasm) is enough.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import type { AltchaGlobal, Configuration } from 'altcha/lib';
import { useEffect, useRef } from 'react';
import { smsChallenge as t } from '../../../i18n/zh-CN/sms-challenge';
import { PageSolver } from './pbkdf2-solver';
import './sms-challenge.css';

const ALGORITHM = 'PBKDF2/SHA-256';
const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
altcha.algorithms.set(ALGORITHM, () => new PageSolver() as unknown as Worker);
altcha.i18n.set('zh-cn', { ...t.widget });

interface WidgetElement extends HTMLElement {
  configure(config: Partial<Configuration>): Promise<void>;
}

export interface SmsChallengeProps {
  /** Fetches a fresh challenge (auth.sms_challenge); null when that failed. */
  load(): Promise<unknown | null>;
  /** The solved payload, to send with the code request. */
  onSolved(payload: string): void;
}

/** 安全验证: the hint and the widget's "我不是机器人" box; each tap gets a fresh challenge from the server. */
export default function SmsChallenge({ load, onSolved }: SmsChallengeProps) {
  const host = useRef<HTMLDivElement>(null);
  // The latest callbacks, read when used: the widget is made once per mount, not again on every render.
  const solved = useRef(onSolved);
  solved.current = onSolved;
  const fetchChallenge = useRef(load);
  fetchChallenge.current = load;

  useEffect(() => {
    const el = document.createElement('altcha-widget') as WidgetElement;
    el.setAttribute('language', 'zh-cn');
    const onVerified = (e: Event) => {
      const payload = (e as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) solved.current(payload);
    };
    el.addEventListener('verified', onVerified);
    // The widget fetches through `fetch` with the challenge "URL": here the app's request layer answers instead.
    const configure = () =>
      void el.configure({
        language: 'zh-cn',
        challenge: 'sms-challenge',
        fetch: (async () => {
          const challenge = await fetchChallenge.current();
          if (!challenge) throw new Error(t.fetchFailed);
          return new Response(JSON.stringify(challenge), { headers: { 'content-type': 'application/json' } });
        }) as typeof fetch,
        workers: 1,
        hideFooter: true,
        hideLogo: true,
        humanInteractionSignature: false,
      });
    // Its methods exist once the element is upgraded and mounted, which it announces with `load`.
    el.addEventListener('load', configure, { once: true });
    host.current?.append(el);
    if (typeof el.configure === 'function') configure();
    return () => {
      el.removeEventListener('load', configure);
      el.removeEventListener('verified', onVerified);
      el.remove();
    };
  }, []);

  return (
    <div className="sms-challenge" data-testid="sms-challenge">
      <p className="sms-challenge-title">{t.title}</p>
      <p className="sms-challenge-hint">{t.hint}</p>
      <div className="sms-challenge-widget" ref={host} />
    </div>
  );
}

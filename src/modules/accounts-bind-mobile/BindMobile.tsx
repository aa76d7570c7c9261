import type { BlockProps, Env } from '../../runtime/block-api';
import { SmsCodeForm } from '../shared/SmsCodeForm';
import { fetchSmsChallenge, type SendOutcome, sendOutcome } from '../shared/sms-challenge/outcome';
import { sameSitePath, smsFormProblem } from '../shared/sms-code-form';
import type { BindMobileProps } from './props.gen';
import './bind-mobile.css';
import { bindMobile } from '../../i18n/zh-CN/bind-mobile';
import { login } from '../../i18n/zh-CN/login';

const t = { ...login, ...bindMobile };
export const DEFAULT_RETURN = '/user/home';

/** Only same-site paths are followed (no open redirect), and never the bind page itself. */
export function safeReturnTo(raw: string | undefined): string {
  return sameSitePath(raw, '/user/bind_mobile', DEFAULT_RETURN);
}

/** What is wrong with the form before anything is sent, or '' when it may be sent. */
export const formProblem = smsFormProblem;

/** Asks for a binding code; the seconds until a resend, null when refused (toasted), or 'challenge' (solve one first). */
export async function sendBindCode(env: Env, mobile: string, altcha?: string): Promise<SendOutcome> {
  const res = await env.call('binding.bind_mobile', { mobile, ...(altcha ? { altcha } : {}) });
  return sendOutcome(res, (text) => env.toast(text), altcha !== undefined);
}

/** Binds the mobile with the code, says so and goes back to returnTo; a refusal is toasted. */
export async function confirmBind(env: Env, mobile: string, code: string, returnTo: string | undefined): Promise<void> {
  const res = await env.call('binding.confirm_bind_mobile', { mobile, code });
  if (res.status !== 0) return env.toast(res.msg);
  env.toast(t.success);
  env.navigate(safeReturnTo(returnTo), { replace: true });
}

/** The bind-mobile form: mobile, SMS code (with resend countdown), confirm; then back to returnTo. */
export default function BindMobile({ props, env }: BlockProps<BindMobileProps>) {
  return (
    <section className="bind-mobile" data-testid="bind-mobile">
      <p className="bind-mobile-intro">{props.intro ?? t.intro}</p>
      <SmsCodeForm
        send={(mobile, altcha) => sendBindCode(env, mobile, altcha)}
        challenge={() => fetchSmsChallenge(env)}
        submit={(mobile, code) => confirmBind(env, mobile, code, props.returnTo)}
        toast={(text) => env.toast(text)}
        submitText={t.submit}
        busyText={t.submitting}
      />
    </section>
  );
}

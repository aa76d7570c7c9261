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
/** The activity's own bind page (`/activity/bind_mobile`): never a way back either. */
const ACTIVITY_BIND_PATH = '/activity/bind_mobile';

/** Only same-site paths are followed (no open redirect), and never a bind page itself; else `fallback`. */
export function safeReturnTo(raw: string | undefined, fallback: string = DEFAULT_RETURN): string {
  if (raw?.startsWith(ACTIVITY_BIND_PATH)) return fallback;
  return sameSitePath(raw, '/user/bind_mobile', fallback);
}

/** How the code is confirmed: the account's binding, or an activity's (which also counts the caller's pending invite). */
export interface BindTarget {
  confirmEndpoint?: BindMobileProps['confirmEndpoint'];
  activityId?: number | string;
}

/** The activity whose binding this is, or 0 for the plain binding (no activity call, or no positive activity id). */
export function activityOf(target: BindTarget | undefined): number {
  if (target?.confirmEndpoint !== 'activity.bind_mobile') return 0;
  const id = Number(target.activityId);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** What is wrong with the form before anything is sent, or '' when it may be sent. */
export const formProblem = smsFormProblem;

/** Asks for a binding code; the seconds until a resend, null when refused (toasted), or 'challenge' (solve one first). */
export async function sendBindCode(env: Env, mobile: string, altcha?: string): Promise<SendOutcome> {
  const res = await env.call('binding.bind_mobile', { mobile, ...(altcha ? { altcha } : {}) });
  return sendOutcome(res, (text) => env.toast(text), altcha !== undefined);
}

/**
 * Binds the mobile with the code, says so and goes back to returnTo; a refusal is toasted. For an activity
 * (`activity.bind_mobile`) the way back defaults to the activity's page.
 */
export async function confirmBind(
  env: Env,
  mobile: string,
  code: string,
  returnTo: string | undefined,
  target?: BindTarget,
): Promise<void> {
  const activityId = activityOf(target);
  const res = activityId
    ? await env.call('activity.bind_mobile', { id: activityId, mobile, code })
    : await env.call('binding.confirm_bind_mobile', { mobile, code });
  if (res.status !== 0) return env.toast(res.msg);
  env.toast(t.success);
  env.navigate(safeReturnTo(returnTo, activityId ? `/activity/detail/${activityId}` : DEFAULT_RETURN), { replace: true });
}

/** The bind-mobile form: mobile, SMS code (with resend countdown), confirm; then back to returnTo. */
export default function BindMobile({ props, env }: BlockProps<BindMobileProps>) {
  return (
    <section className="bind-mobile" data-testid="bind-mobile">
      <p className="bind-mobile-intro">{props.intro ?? t.intro}</p>
      <SmsCodeForm
        send={(mobile, altcha) => sendBindCode(env, mobile, altcha)}
        challenge={() => fetchSmsChallenge(env)}
        submit={(mobile, code) => confirmBind(env, mobile, code, props.returnTo, props)}
        toast={(text) => env.toast(text)}
        submitText={t.submit}
        busyText={t.submitting}
      />
    </section>
  );
}

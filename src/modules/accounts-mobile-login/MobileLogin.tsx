import { login } from '../../i18n/zh-CN/login';
import { type BlockProps, type Env, Link } from '../../runtime/block-api';
import { SmsCodeForm, type SmsConsent } from '../shared/SmsCodeForm';
import { scopeText } from '../shared/scope';
import { fetchSmsChallenge, type SendOutcome, sendOutcome } from '../shared/sms-challenge/outcome';
import { sameSitePath } from '../shared/sms-code-form';
import type { MobileLoginProps } from './props.gen';

// Its styles are in src/styles.css (.mobile-login): the HTML draws the form (src/server/client/skeleton.ts) before this chunk loads.

const t = login;

/** The route param is URI-encoded; only same-site paths are followed after login (no open redirects). */
export function safeReturnPath(raw: string | undefined): string {
  if (!raw) return '/';
  try {
    return sameSitePath(decodeURIComponent(raw), '/user/mobile_login', '/');
  } catch {
    return '/';
  }
}

/** Asks for a login code; the seconds until a resend, null when refused (toasted), or 'challenge' (solve one first). */
export async function sendLoginCode(env: Env, mobile: string, altcha?: string): Promise<SendOutcome> {
  const res = await env.call('auth.send_mobile_code', { mobile, is_register: 0, ...(altcha ? { altcha } : {}) });
  return sendOutcome(res, (text) => env.toast(text), altcha !== undefined);
}

export interface LoginTarget {
  /** The URI-encoded route param: where to go after login. */
  routeTo?: string;
  /** A pending WeChat identity to bind to this mobile. */
  thirdAuthKey?: string;
}

/** Logs in with the code: keeps the session, says so and goes back to routeTo; a refusal is toasted. */
export async function loginWithCode(env: Env, mobile: string, code: string, target: LoginTarget): Promise<void> {
  // A referral link opened before (kept by activity-referrer): the first login records the invite.
  const fromActivity = env.session.attribution();
  const res = await env.call('auth.mobile_code_login', {
    mobile,
    code,
    ...(target.thirdAuthKey ? { third_auth_key: target.thirdAuthKey } : {}),
    ...(fromActivity ? { from_activity: fromActivity } : {}),
  });
  if (res.status !== 0 || !res.data) return env.toast(res.msg);
  env.session.login(res.data.token, res.data.user.is_first === 1);
  env.toast(t.success);
  env.navigate(safeReturnPath(target.routeTo), { replace: true });
}

/** The agreements the user must accept before a code is sent (routes of the agreement pages). */
export const AGREEMENT_LINKS = { user: '/user/agreement/user', privacy: '/user/agreement/privacy' } as const;

/** 我已阅读并同意《用户协议》和《隐私政策》: unticked at first; sending a code and logging in wait for it. */
const consent: SmsConsent = {
  label: (
    <>
      {t.consentPrefix}
      <Link to={AGREEMENT_LINKS.user} className="consent-link">
        {t.userAgreement}
      </Link>
      {t.consentAnd}
      <Link to={AGREEMENT_LINKS.privacy} className="consent-link">
        {t.privacyPolicy}
      </Link>
    </>
  ),
  refusal: t.needConsent,
};

/**
 * `/user/mobile_login/:routeTo?/:thirdAuthKey?`: log in with an SMS code, then go back to routeTo. The agreement
 * links open their pages in the app; coming back (history back) finds the form as the user left it.
 */
export default function MobileLogin({ env, scope }: BlockProps<MobileLoginProps>) {
  const target: LoginTarget = { routeTo: scopeText(scope, 'route', 'routeTo'), thirdAuthKey: scopeText(scope, 'route', 'thirdAuthKey') };
  return (
    <section className="mobile-login" data-testid="mobile-login">
      <h1>{t.title}</h1>
      <p className="mobile-login-subtitle">{t.subtitle}</p>
      <SmsCodeForm
        send={(mobile, altcha) => sendLoginCode(env, mobile, altcha)}
        challenge={() => fetchSmsChallenge(env)}
        submit={(mobile, code) => loginWithCode(env, mobile, code, target)}
        toast={(text) => env.toast(text)}
        submitText={t.submit}
        consent={consent}
        draftKey="mobile-login"
      />
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { accountCancel } from '../../i18n/zh-CN/account-cancel';
import { type BlockProps, type Env, isSameSitePath, Link } from '../../runtime/block-api';
import { SmsCodeForm, type SmsConsent } from '../shared/SmsCodeForm';
import { fetchSmsChallenge, type SendOutcome, sendOutcome } from '../shared/sms-challenge/outcome';
import type { AccountsCancelProps } from './props.gen';
import './account-cancel.css';

const t = accountCancel;
export const AGREEMENT = '/user/agreement/cancellation';

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

/** The agreement box: nothing is sent until it is ticked. */
export function cancelConsent(agreement: string): SmsConsent {
  return {
    name: 'agree',
    refusal: t.needAgree,
    label: (
      <>
        {t.agreePrefix}
        <Link to={agreement} className="consent-link">
          {t.agreementTitle}
        </Link>
      </>
    ),
  };
}

/**
 * `/user/cancel` (auth required): the shared SMS code form on the account's bound mobile (masked, not editable), with
 * the agreement as its consent and a last confirmation before the account goes.
 */
export default function AccountCancel({ props, env }: BlockProps<AccountsCancelProps>) {
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

  const submit = async (_mobile: string, code: string) => {
    if (await confirmCancel(env, code)) {
      leaving.current = true;
      env.navigate('/', { replace: true });
    }
  };

  return (
    <section className="account-cancel" data-testid="account-cancel">
      <p className="account-cancel-intro">{t.intro}</p>
      <SmsCodeForm
        fixedMobile={props.mobile ?? ''}
        send={(_mobile, altcha) => sendCancelCode(env, altcha)}
        challenge={() => fetchSmsChallenge(env)}
        submit={submit}
        toast={(text) => env.toast(text)}
        submitText={t.submit}
        busyText={t.submitting}
        consent={cancelConsent(agreement)}
        draftKey="accounts-cancel"
      />
    </section>
  );
}

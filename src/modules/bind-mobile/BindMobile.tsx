import { useNavigate } from 'react-router-dom';
import { call } from '../../api';
import { bindMobile, confirmBindMobile } from '../../contract/binding';
import { i18n } from '../../i18n';
import type { BlockProps } from '../../runtime/block-api';
import { showToast } from '../../state/ui';
import { SmsCodeForm } from '../shared/SmsCodeForm';
import { sameSitePath, smsFormProblem } from '../shared/sms-code-form';
import type { BindMobileProps } from './props.gen';
import './bind-mobile.css';

const t = { ...i18n.login, ...i18n.bindMobile };
export const DEFAULT_RETURN = '/user/home';

/** Only same-site paths are followed (no open redirect), and never the bind page itself. */
export function safeReturnTo(raw: string | undefined): string {
  return sameSitePath(raw, '/user/bind_mobile', DEFAULT_RETURN);
}

/** What is wrong with the form before anything is sent, or '' when it may be sent. */
export const formProblem = smsFormProblem;

/** The bind-mobile form: mobile, SMS code (with resend countdown), confirm; then back to returnTo. */
export default function BindMobile({ props }: BlockProps<BindMobileProps>) {
  const navigate = useNavigate();

  const send = async (mobile: string) => {
    const res = await call(bindMobile, { mobile });
    if (res.status !== 0 || !res.data) {
      showToast(res.msg);
      return null;
    }
    return res.data.resend_in;
  };

  const submit = async (mobile: string, code: string) => {
    const res = await call(confirmBindMobile, { mobile, code });
    if (res.status !== 0) return showToast(res.msg);
    showToast(t.success);
    navigate(safeReturnTo(props.returnTo), { replace: true });
  };

  return (
    <section className="bind-mobile" data-testid="bind-mobile">
      <p className="bind-mobile-intro">{props.intro ?? t.intro}</p>
      <SmsCodeForm send={send} submit={submit} submitText={t.submit} busyText={t.submitting} />
    </section>
  );
}

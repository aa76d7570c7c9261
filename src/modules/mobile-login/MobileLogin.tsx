import { useNavigate, useParams } from 'react-router-dom';
import { call } from '../../api';
import { mobileCodeLogin, sendMobileCode } from '../../contract/auth';
import { i18n } from '../../i18n';
import { loginSucceeded } from '../../state/auth';
import { showToast } from '../../state/ui';
import { SmsCodeForm } from '../shared/SmsCodeForm';
import { sameSitePath } from '../shared/sms-code-form';

const t = i18n.login;

/** The route param is URI-encoded; only same-site paths are followed after login (no open redirects). */
export function safeReturnPath(raw: string | undefined): string {
  if (!raw) return '/';
  try {
    return sameSitePath(decodeURIComponent(raw), '/user/mobile_login', '/');
  } catch {
    return '/';
  }
}

/** `/user/mobile_login/:routeTo?/:thirdAuthKey?`: log in with an SMS code, then go back to routeTo. */
export default function MobileLogin() {
  const { routeTo, thirdAuthKey } = useParams();
  const navigate = useNavigate();

  const send = async (mobile: string) => {
    const res = await call(sendMobileCode, { mobile, is_register: 0 });
    if (res.status !== 0 || !res.data) {
      showToast(res.msg);
      return null;
    }
    return res.data.resend_in;
  };

  const submit = async (mobile: string, code: string) => {
    const res = await call(mobileCodeLogin, { mobile, code, ...(thirdAuthKey ? { third_auth_key: thirdAuthKey } : {}) });
    if (res.status !== 0 || !res.data) return showToast(res.msg);
    loginSucceeded(res.data.token, res.data.user.is_first === 1);
    showToast(t.success);
    navigate(safeReturnPath(routeTo), { replace: true });
  };

  return (
    <section className="mobile-login" data-testid="mobile-login">
      <h1>{t.title}</h1>
      <SmsCodeForm send={send} submit={submit} submitText={t.submit}>
        <p className="hint">{t.agreement}</p>
      </SmsCodeForm>
    </section>
  );
}

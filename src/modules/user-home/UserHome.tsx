import { useNavigate } from 'react-router-dom';
import { call } from '../../api';
import { baseInfo, logout } from '../../contract/user';
import { i18n } from '../../i18n';
import { useCall } from '../../runtime/use-call';
import { deleteJwt } from '../../state/auth';
import { showToast } from '../../state/ui';

/** `/user/home` (auth required). Issue 4 grows this into the full user centre. */
export default function UserHome() {
  const navigate = useNavigate();
  const info = useCall(baseInfo, {});
  const doLogout = async () => {
    await call(logout, {});
    deleteJwt();
    showToast(i18n.user.loggedOut);
    navigate('/', { replace: true });
  };
  return (
    <main className="page user-home">
      <h1>{i18n.user.title}</h1>
      {info.data ? (
        <section className="card" data-testid="user-info">
          <h2>{info.data.nickname}</h2>
          <p>
            {i18n.user.mobile} {info.data.mobile}
          </p>
        </section>
      ) : null}
      <button type="button" className="primary" onClick={doLogout}>
        {i18n.user.logout}
      </button>
    </main>
  );
}

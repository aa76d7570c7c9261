import { type ReactNode, useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { i18n } from '../i18n';
import { setNavigator } from '../platform/navigation';
import { AppRouter } from '../runtime/AppRouter';
import { useWechatOauth } from '../runtime/guards';
import { Shell } from '../shell/Shell';

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, opts) => navigate(to, opts)), [navigate]);
  return null;
}

/** In WeChat's browser the OAuth flow runs before any page (and its guards) shows. */
function WechatOauthGate({ children }: { children: ReactNode }) {
  const busy = useWechatOauth();
  return busy ? (
    <div className="page-loading" data-testid="wechat-oauth">
      {i18n.wechat.authorizing}
    </div>
  ) : (
    children
  );
}

export function App() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <Shell>
        <WechatOauthGate>
          <AppRouter />
        </WechatOauthGate>
      </Shell>
    </BrowserRouter>
  );
}

import { type ReactNode, useEffect, useMemo } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { i18n } from '../i18n';
import { navigateTo, setNavigator } from '../platform/navigation';
import { AppRouter } from '../runtime/AppRouter';
import { EnvProvider } from '../runtime/env';
import { setLinkNavigator } from '../runtime/Link';
import { Shell } from '../shell/Shell';
import { createAppEnv } from './env';
import { useWechatOauth } from './wechat-oauth';

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
  const env = useMemo(createAppEnv, []);
  // The browser's router is the app's: links to its paths need not be React Router's own (src/runtime/Link.tsx).
  setLinkNavigator(navigateTo);
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <EnvProvider value={env}>
        <Shell>
          <WechatOauthGate>
            <AppRouter />
          </WechatOauthGate>
        </Shell>
      </EnvProvider>
    </BrowserRouter>
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { adoptNativeUserInfo } from './app/native-session';
import { registerAll } from './app/register';
import { initNativeHost } from './platform/native-bridge';
import { oauthDoneThisSession } from './platform/wechat/oauth-state';
import { authState, restoreSession } from './state/auth';
import './styles.css';

restoreSession();
authState.hasWechatOAuth = oauthDoneThisSession();
registerAll();
void initNativeHost({ onUserInfo: adoptNativeUserInfo });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

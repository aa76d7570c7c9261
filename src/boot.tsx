import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { http } from './api';
import { App } from './app/App';
import { adoptNativeUserInfo } from './app/native-session';
import { registerAll } from './app/register';
import { initNativeHost } from './platform/native-bridge';
import { registerServiceWorker } from './platform/service-worker';
import { oauthDoneThisSession } from './platform/wechat/oauth-state';
import { captureSkeleton } from './runtime/skeleton';
import { authState, restoreSession } from './state/auth';

/**
 * Starts the app (src/main.tsx calls it in a task of its own, after this module and react-dom were evaluated in
 * theirs): the session, the block registry and the native host, then React's first render as a transition, then,
 * in later tasks, the HTTP client's chunk and the offline shell.
 */
export function start(): void {
  restoreSession();
  authState.hasWechatOAuth = oauthDoneThisSession();
  registerAll();
  void initNativeHost({ onUserInfo: adoptNativeUserInfo });

  const root = document.getElementById('root');
  // The server's skeleton of this page (the first paint) stays on screen until the page renders.
  captureSkeleton(root);
  if (root) {
    const reactRoot = createRoot(root);
    // A transition: React renders the first screen in slices that yield to the browser (no long task on the way).
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  }
  // The HTTP client (axios, its own chunk) loads in a task of its own, in parallel with the first screen's chunks:
  // the first screen's data came with the HTML, so nothing waits for it there.
  setTimeout(() => http.preload(), 0);
  // The offline shell (dist/sw.js): registered after the load event, never in development.
  registerServiceWorker({ landing: window.location.pathname });
}

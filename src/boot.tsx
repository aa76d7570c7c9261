import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { http } from './api';
import { App } from './app/App';
import { adoptNativeUserInfo } from './app/native-session';
import { registerAll } from './app/register';
import { initNativeHost } from './platform/native-bridge';
import { registerServiceWorker } from './platform/service-worker';
import { oauthDoneThisSession } from './platform/wechat/oauth-state';
import { whenIdle } from './platform/when-idle';
import { captureSkeleton } from './runtime/skeleton';
import { authState, restoreSession } from './state/auth';

/** The longest wait for an idle moment before the HTTP client is run anyway. */
const HTTP_CLIENT_IDLE_CAP_MS = 3000;

/**
 * Starts the app (src/main.tsx calls it in a task of its own, after this module and react-dom were evaluated in
 * theirs): the session, the block registry and the native host, then React's first render as a transition, then,
 * later, when the main thread is idle, the HTTP client's chunk, and the offline shell after the load event.
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
  // The HTTP client (axios, its own chunk) was fetched and compiled with the app (the HTML preloads it); the first
  // call runs it. A page whose first screen came with the HTML makes no call at start, so it is run once the main
  // thread is idle (the start's renders done), ready for a report sent as the page closes.
  whenIdle(() => http.preload(), HTTP_CLIENT_IDLE_CAP_MS);
  // The offline shell (dist/sw.js): registered after the load event, never in development.
  registerServiceWorker({ landing: window.location.pathname });
}

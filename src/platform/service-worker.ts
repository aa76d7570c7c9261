/**
 * Registers the service worker (dist/sw.js, src/sw/) once the page has loaded, so its install (the precache
 * downloads) never competes with the first screen. A no-op where the browser has no service workers (old WebViews,
 * insecure origins, browser tests that block them); in development (Vite's dev server has no sw.js) it removes a
 * worker the built app may have left on the same origin.
 *
 * The landing page was loaded before any worker controlled it, so its HTML never went through the worker: once the
 * worker is active, it is told that page and the one on screen (`warm`), and keeps their HTML for offline use.
 */
export const SW_URL = '/sw.js';

interface Options {
  /** The path the app was opened at (before any in-app navigation). */
  landing: string;
  /** Build mode: registration happens only in production builds. */
  dev?: boolean;
}

export function registerServiceWorker({ landing, dev = import.meta.env.DEV }: Options): void {
  const container = globalThis.navigator?.serviceWorker;
  if (!container || typeof window === 'undefined') return;
  if (dev) {
    // `npm start` and `npm run dev` share localhost:8080: a worker left by the built app would serve stale page
    // configs to the dev server's pages.
    void container
      .getRegistrations()
      .then((all) => Promise.all(all.map((r) => r.unregister())))
      .catch(() => undefined);
    return;
  }
  const start = () => {
    container
      .register(SW_URL, { scope: '/' })
      .then(() => container.ready)
      .then((reg) => reg.active?.postMessage({ type: 'warm', urls: [landing, window.location.pathname] }))
      .catch(() => undefined); // no worker: the app works online as before
  };
  // After the load event (and a moment more), never before the first screen's own requests.
  if (document.readyState === 'complete') setTimeout(start, 1000);
  else window.addEventListener('load', () => setTimeout(start, 1000), { once: true });
}

import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../state/ui';
import { BackHome } from './back-home/BackHome';
import { HomeButton } from './home-button/HomeButton';
import { LoadingOverlay } from './LoadingOverlay';
import { Toast } from './Toast';
import { TabBar } from './tab-bar/TabBar';

// Dialogs are not part of the first screen: each is its own chunk, loaded when it first opens.
const FeedbackPopup = lazy(() => import('./feedback/FeedbackPopup').then((m) => ({ default: m.FeedbackPopup })));
const CustomerServicePopup = lazy(() =>
  import('./customer-service/CustomerServicePopup').then((m) => ({ default: m.CustomerServicePopup })),
);
const ConfirmDialog = lazy(() => import('./confirm/ConfirmDialog'));

// The floating feedback button is not part of the first screen either: its chunk is fetched once the page is up and
// the browser is idle (at most IDLE_CAP_MS later), outside the code every page loads at start.
const FeedbackButton = lazy(() => import('./feedback/FeedbackButton').then((m) => ({ default: m.FeedbackButton })));
const IDLE_CAP_MS = 2000;

function LateFeedbackButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setReady(true));
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(show, 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(show, { timeout: IDLE_CAP_MS });
    return () => cancelIdleCallback(idle);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <FeedbackButton />
    </Suspense>
  ) : null;
}

function Dialogs() {
  const { popup, confirm } = useSnapshot(uiState);
  return (
    <Suspense fallback={null}>
      {popup === 'feedback' ? <FeedbackPopup /> : null}
      {popup === 'customerService' ? <CustomerServicePopup /> : null}
      {confirm ? <ConfirmDialog /> : null}
    </Suspense>
  );
}

/** The frame around every page. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <BackHome />
      {children}
      <TabBar />
      <HomeButton />
      <LateFeedbackButton />
      <Dialogs />
      <LoadingOverlay />
      <Toast />
    </div>
  );
}

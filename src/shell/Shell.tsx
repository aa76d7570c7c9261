import { lazy, type ReactNode, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../state/ui';
import { BackHome } from './back-home/BackHome';
import { FeedbackButton } from './feedback/FeedbackButton';
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
      <FeedbackButton />
      <Dialogs />
      <LoadingOverlay />
      <Toast />
    </div>
  );
}

import type { ReactNode } from 'react';
import { BackHome } from './back-home/BackHome';
import { CustomerServicePopup } from './customer-service/CustomerServicePopup';
import { FeedbackButton } from './feedback/FeedbackButton';
import { FeedbackPopup } from './feedback/FeedbackPopup';
import { HomeButton } from './home-button/HomeButton';
import { LoadingOverlay } from './LoadingOverlay';
import { Toast } from './Toast';

/** The frame around every page. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <BackHome />
      {children}
      <HomeButton />
      <FeedbackButton />
      <FeedbackPopup />
      <CustomerServicePopup />
      <LoadingOverlay />
      <Toast />
    </div>
  );
}

import type { ReactNode } from 'react';
import { LoadingOverlay } from './LoadingOverlay';
import { Toast } from './Toast';

/** The frame around every page. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      {children}
      <LoadingOverlay />
      <Toast />
    </div>
  );
}

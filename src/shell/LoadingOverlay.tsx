import { useSnapshot } from 'valtio';
import { i18n } from '../i18n';
import { uiState } from '../state/ui';

/** Visible while the count of in-flight requests is above zero. */
export function LoadingOverlay() {
  const { inflight } = useSnapshot(uiState);
  if (inflight <= 0) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <div className="loading-spinner" />
      <span className="sr-only">{i18n.app.loading}</span>
    </div>
  );
}

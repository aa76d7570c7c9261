import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../state/ui';

const TOAST_MS = 2500;

export function Toast() {
  const { toast } = useSnapshot(uiState);
  useEffect(() => {
    if (!toast) return;
    const id = toast.id;
    const timer = setTimeout(() => {
      if (uiState.toast?.id === id) uiState.toast = null;
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast) return null;
  return (
    <div className="toast" role="alert" data-testid="toast">
      {toast.text}
    </div>
  );
}

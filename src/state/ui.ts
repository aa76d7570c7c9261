import { proxy } from 'valtio';

export interface UiState {
  /** Requests in flight; the loading overlay shows while above zero. */
  inflight: number;
  toast: { text: string; id: number } | null;
}

export const uiState = proxy<UiState>({ inflight: 0, toast: null });

let toastSeq = 0;
export function showToast(text: string): void {
  toastSeq += 1;
  uiState.toast = { text, id: toastSeq };
}

export function requestStarted(): void {
  uiState.inflight += 1;
}

export function requestEnded(): void {
  uiState.inflight = Math.max(0, uiState.inflight - 1);
}

import { proxy } from 'valtio';

export interface UiState {
  /** Requests in flight; the loading overlay shows while above zero. */
  inflight: number;
  toast: { text: string; id: number } | null;
  /** The open shell popup, if any. */
  popup: 'customerService' | 'feedback' | null;
  /** Meta of the page on screen (the shell hides the home and feedback buttons from it). */
  page: { name: string; hideHome: boolean; hideFeedback: boolean } | null;
}

export const uiState = proxy<UiState>({ inflight: 0, toast: null, popup: null, page: null });

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

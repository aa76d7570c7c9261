import { proxy } from 'valtio';

export interface UiState {
  /** Requests in flight; the loading overlay shows while above zero. */
  inflight: number;
  toast: { text: string; id: number } | null;
  /** The open shell popup, if any. */
  popup: 'customerService' | 'feedback' | null;
  /** Meta of the page on screen (the shell hides the home and feedback buttons from it). */
  page: { name: string; hideHome: boolean; hideFeedback: boolean } | null;
  /** The open confirm dialog, if any. */
  confirm: ConfirmRequest | null;
}

export interface ConfirmRequest {
  id: number;
  title?: string;
  text: string;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
}

export const uiState = proxy<UiState>({ inflight: 0, toast: null, popup: null, page: null, confirm: null });

let confirmSeq = 0;
const pendingConfirm = new Map<number, (ok: boolean) => void>();

/** Opens the confirm dialog; resolves true when the user confirms, false when they cancel (or another dialog replaces it). */
export function askConfirm(options: Omit<ConfirmRequest, 'id'>): Promise<boolean> {
  if (uiState.confirm) answerConfirm(uiState.confirm.id, false);
  confirmSeq += 1;
  const id = confirmSeq;
  uiState.confirm = { ...options, id };
  return new Promise((resolve) => pendingConfirm.set(id, resolve));
}

/** The dialog's answer: closes it and settles the waiting promise. */
export function answerConfirm(id: number, ok: boolean): void {
  const resolve = pendingConfirm.get(id);
  pendingConfirm.delete(id);
  if (uiState.confirm?.id === id) uiState.confirm = null;
  resolve?.(ok);
}

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

import { call } from '../api';
import { copyText } from '../platform/clipboard';
import { navigateTo } from '../platform/navigation';
import { saveImage, share } from '../platform/share';
import { storage } from '../platform/storage';
import { endpointTable } from '../runtime/endpoint-table.gen';
import type { Env } from '../runtime/env';
import { deleteJwt, loginSucceeded } from '../state/auth';
import { selectSubject, subjectHistory } from '../state/exam-context';
import { askConfirm, showToast, uiState } from '../state/ui';

/** Typed call by endpoint id through the request layer (the compact table knows method, host and path). */
export const callId: Env['call'] = (id, input, opts) => call(endpointTable[id], input ?? {}, opts) as ReturnType<Env['call']>;

/** Offline stores on IndexedDB, loaded on first use (src/platform/offline-store.ts is not in the first load). */
const offlineStore = () => import('../platform/offline-store').then((m) => m.offlineStore);
const offline: Env['offline'] = {
  get: (store, key) => offlineStore().then((s) => s.get(store, key)),
  put: (store, key, value) => offlineStore().then((s) => s.put(store, key, value)),
  delete: (store, key) => offlineStore().then((s) => s.delete(store, key)),
  list: (store, prefix) => offlineStore().then((s) => s.list(store, prefix)),
};

/** Paying: its own chunk (src/app/pay/), loaded on the first payment. */
const payChunk = () => import('./pay').then((m) => m.payApi);
const pay: Env['pay'] = {
  start: (orderId, returnPath) => payChunk().then((p) => p.start(orderId, returnPath)),
  confirm: (orderId) => payChunk().then((p) => p.confirm(orderId)),
};

/** The one environment of the app: what blocks, modules and the shell may do outside themselves. */
export function createAppEnv(): Env {
  return {
    call: callId,
    beacon: (id, input) => call(endpointTable[id], input, { keepalive: true }) as ReturnType<Env['beacon']>,
    callDynamic: (endpoint, input) => call(endpoint, input),
    navigate: navigateTo,
    toast: showToast,
    confirm: askConfirm,
    copy: copyText,
    share,
    saveImage,
    storage,
    pay,
    offline,
    popup: (name) => {
      uiState.popup = name;
    },
    session: {
      login: (token, isFirst) => loginSucceeded(token, isFirst),
      logout: deleteJwt,
    },
    subject: {
      select: (c) => selectSubject(c.genusId, c.categoryId, c.name),
      history: subjectHistory,
    },
  };
}

import { call } from '../api';
import { copyText } from '../platform/clipboard';
import { navigateTo } from '../platform/navigation';
import { saveImage, share } from '../platform/share';
import { storage } from '../platform/storage';
import { isWechatBrowser } from '../platform/wechat/ua';
import { endpointTable } from '../runtime/endpoint-table.gen';
import type { Env, Outbox } from '../runtime/env';
import { forgetLastWriter } from '../runtime/outbox-rules';
import { forgetAttribution, keepAttribution, pendingAttribution } from '../state/attribution';
import { authState, deleteJwt, loginSucceeded } from '../state/auth';
import { selectSubject, subjectHistory } from '../state/exam-context';
import { isTokenValid } from '../state/jwt';
import { askConfirm, showToast, uiState } from '../state/ui';
import { callId } from './call-id';
import { shareCard } from './share-card';

/** Offline stores on IndexedDB, loaded on first use (src/platform/offline-store.ts is not in the first load). */
const offlineStore = () => import('../platform/offline-store').then((m) => m.offlineStore);
const offline: Env['offline'] = {
  get: (store, key) => offlineStore().then((s) => s.get(store, key)),
  put: (store, key, value) => offlineStore().then((s) => s.put(store, key, value)),
  delete: (store, key) => offlineStore().then((s) => s.delete(store, key)),
  list: (store, prefix) => offlineStore().then((s) => s.list(store, prefix)),
};

/** The logged-in user's id (the token's `sub`), '' when nobody is or the token has expired. */
function sessionUser(): string {
  const claims = authState.parsedJwt;
  return authState.jwt && claims && isTokenValid(claims, Date.now()) && typeof claims.sub === 'string' ? claims.sub : '';
}

/** The outbox (src/runtime/outbox.ts) in its own chunk, loaded on first use: only the reader and the answerer need it. */
function lazyOutbox(load: () => Promise<Outbox>): Outbox {
  let loading: Promise<Outbox> | null = null;
  const box = () => {
    loading ??= load();
    return loading;
  };
  return {
    send: (w) => box().then((o) => o.send(w)),
    put: (w) => box().then((o) => o.put(w)),
    list: (prefix) => box().then((o) => o.list(prefix)),
    remove: (clientId) => box().then((o) => o.remove(clientId)),
    clear: (prefix) => box().then((o) => o.clear(prefix)),
    flush: (prefix) => box().then((o) => o.flush(prefix)),
  };
}

/** Paying: its own chunk (src/app/pay/), loaded on the first payment. */
const payChunk = () => import('./pay').then((m) => m.payApi);
const pay: Env['pay'] = {
  start: (orderId, returnPath) => payChunk().then((p) => p.start(orderId, returnPath)),
  confirm: (orderId) => payChunk().then((p) => p.confirm(orderId)),
};

/** The one environment of the app: what blocks, modules and the shell may do outside themselves. */
export function createAppEnv(): Env {
  const beacon: Env['beacon'] = (id, input) => call(endpointTable[id], input, { keepalive: true }) as ReturnType<Env['beacon']>;
  const outbox = lazyOutbox(() => import('../runtime/outbox').then((m) => m.createOutbox({ offline, storage, beacon, user: sessionUser })));
  return {
    call: callId,
    beacon,
    callDynamic: (endpoint, input) => call(endpoint, input),
    navigate: navigateTo,
    toast: showToast,
    confirm: askConfirm,
    copy: copyText,
    share,
    inWechat: () => isWechatBrowser(),
    shareCard,
    saveImage,
    storage,
    pay,
    offline,
    outbox,
    popup: (name) => {
      uiState.popup = name;
    },
    session: {
      login: (token, isFirst) => {
        const ok = loginSucceeded(token, isFirst);
        // The ticket went with this login (redeemed, or refused for a user who is not new).
        if (ok) forgetAttribution();
        return ok;
      },
      keepAttribution: (t) => keepAttribution(t),
      attribution: () => pendingAttribution(),
      logout: () => {
        deleteJwt();
        forgetLastWriter(storage);
      },
    },
    subject: {
      select: (c) => selectSubject(c.genusId, c.categoryId, c.name),
      history: subjectHistory,
    },
  };
}

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
export const callId: Env['call'] = (id, input) => call(endpointTable[id], input ?? {}) as ReturnType<Env['call']>;

/** The one environment of the app: what blocks, modules and the shell may do outside themselves. */
export function createAppEnv(): Env {
  return {
    call: callId,
    callDynamic: (endpoint, input) => call(endpoint, input),
    navigate: navigateTo,
    toast: showToast,
    confirm: askConfirm,
    copy: copyText,
    share,
    saveImage,
    storage,
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

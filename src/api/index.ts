import { currentToken } from '../state/auth';
import { sessionInvalid, unauthorized } from '../state/session-expiry';
import { requestEnded, requestStarted } from '../state/ui';
import { createCall } from './client';
import { ENCRYPT_KEY, REQUEST_TIMEOUT_MS, SIGN_KEY } from './config';
import { deviceId } from './device-id';
import { createHttp } from './http';

export const http = createHttp({
  signKey: SIGN_KEY,
  encryptKey: ENCRYPT_KEY,
  timeoutMs: REQUEST_TIMEOUT_MS,
  token: () => currentToken(),
  deviceId,
  onUnauthorized: unauthorized,
  onSessionInvalid: sessionInvalid,
  onStart: requestStarted,
  onEnd: requestEnded,
});

/** `call(endpoint, input)`: the one way the app talks to the server. */
export const call = createCall(http);
export type { CallResult } from './client';

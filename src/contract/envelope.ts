/** Every reply of every host has this shape. `status` 0 is success. */
export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  code: number;
  data: T;
}

/** Envelope codes with a meaning for the client. */
export const CODE = {
  ok: 0,
  badInput: 4000,
  badSign: 4001,
  notFound: 4004,
  /** Logged in but not entitled: a paid item the user has not bought (msg says what opens it). HTTP 403. */
  forbidden: 4030,
  tooMany: 4029,
  /** Too many SMS sends from this network: solve the proof-of-work challenge (`auth.sms_challenge`) and send again with it. HTTP 428. */
  challengeRequired: 4028,
  unauthorized: 4010,
  /** The session is no longer valid: the client logs out and sends the user to login after 1 s. */
  sessionInvalid: 4440,
  conflict: 4090,
  /** An outside service (WeChat) failed or is not configured: HTTP 502 or 503. */
  upstream: 5020,
  /** An unexpected server error: HTTP 500, the message never carries details. */
  serverError: 5000,
} as const;

/** A refusal code an endpoint may answer (every code except ok). */
export type ErrorCode = Exclude<(typeof CODE)[keyof typeof CODE], 0>;

/** Sends a verification code by SMS. Real carriers plug in behind this interface. */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the carrier accepted the message; throws SmsRefused when it did not. */
  sendCode(mobile: string, code: string, ttlSeconds: number): Promise<void>;
}

/**
 * Why a carrier did not take a message, in the few kinds the user is told apart:
 * - `rateLimited`: the carrier's own per-number limits (too many codes to this mobile);
 * - `badNumber`: the mobile cannot receive SMS (malformed, not a real number, blocked);
 * - `account`: our side (balance, keys, sign name, template): nothing the user can fix, so they retry later;
 * - `unreachable`: no answer from the carrier (network, timeout, 5xx): the message may or may not have left.
 */
export type SmsRefusalKind = 'rateLimited' | 'badNumber' | 'account' | 'unreachable';

/** A carrier's refusal; `carrierCode` is the carrier's own error code, for the log (never a secret). */
export class SmsRefused extends Error {
  constructor(
    readonly kind: SmsRefusalKind,
    readonly carrierCode: string,
    readonly carrier: string,
  ) {
    super(`${carrier} SMS refused: ${carrierCode}`);
    this.name = 'SmsRefused';
  }
}

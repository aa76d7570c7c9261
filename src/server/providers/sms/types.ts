/** Sends a verification code by SMS. Real carriers plug in behind this interface. */
export interface SmsProvider {
  readonly name: string;
  sendCode(mobile: string, code: string, ttlSeconds: number): Promise<void>;
}

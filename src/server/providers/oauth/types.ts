export interface OauthIdentity {
  openid: string;
  nickname: string;
  avatar: string;
}

/** WeChat official-account web OAuth. The real adapter talks to WeChat; the sandbox runs offline. */
export interface OauthProvider {
  readonly name: string;
  /** Where to send the browser to authorize; WeChat comes back to redirectUri with code and state. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** Exchanges a one-time code for the identity behind it; null when the code is unknown, used or stale. */
  exchange(code: string): Promise<OauthIdentity | null>;
}

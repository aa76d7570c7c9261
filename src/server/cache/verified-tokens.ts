import type { SessionClaims } from '../security/jwt';

interface Verified {
  claims: SessionClaims;
  /** Unix seconds: valid while now < exp (and now >= nbf when the token has one). */
  exp: number;
  nbf: number;
}

/** The `exp` and `nbf` of a token whose signature was just checked (so its payload can be trusted). */
function timesOf(token: string): { exp: number; nbf: number } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown; nbf?: unknown };
    if (typeof payload.exp !== 'number') return null;
    return { exp: payload.exp, nbf: typeof payload.nbf === 'number' ? payload.nbf : Number.NEGATIVE_INFINITY };
  } catch {
    return null;
  }
}

/**
 * Session tokens whose signature was already verified: the HMAC of a token (jose through WebCrypto, ~10 % of a
 * logged-in request's CPU) is checked once, not on every request. Its times are still checked on every use, and the
 * caller still checks the user's `token_version` in the database (logout ends sessions at once). A token that fails
 * verification is never kept. Bounded: cleared when full.
 */
export class VerifiedTokens {
  private readonly byToken = new Map<string, Verified>();

  constructor(private readonly max = 10_000) {}

  async verify(token: string, now: number, check: (token: string) => Promise<SessionClaims | null>): Promise<SessionClaims | null> {
    const known = this.byToken.get(token);
    if (known && now < known.exp && now >= known.nbf) return known.claims;
    const claims = await check(token);
    if (!claims) {
      this.byToken.delete(token);
      return null;
    }
    const times = timesOf(token);
    if (times) {
      if (this.byToken.size >= this.max) this.byToken.clear();
      this.byToken.set(token, { claims, ...times });
    }
    return claims;
  }
}

import { errors, jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';

export interface SessionClaims {
  userId: number;
  /** The user's token_version when the token was issued; a bump ends every older session. */
  version: number;
}

export class JwtService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(claims: SessionClaims, nowSeconds: number): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a genuine, unexpired token, or null. The algorithm is pinned to HS256. */
  async verify(token: string, nowSeconds: number): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        currentDate: new Date(nowSeconds * 1000),
        requiredClaims: ['exp', 'sub'],
      });
      const userId = Number(payload.sub);
      const version = typeof payload.ver === 'number' ? payload.ver : Number.NaN;
      if (!Number.isInteger(userId) || !Number.isInteger(version)) return null;
      return { userId, version };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
}

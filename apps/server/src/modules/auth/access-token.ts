import type { TUserType } from '@meridian/contracts/constants';
import { jwtVerify, SignJWT } from 'jose';

export interface TAccessClaims {
  userId: string;
  type: TUserType;
  /** The sign-in (session family) this token belongs to; revoking it ends the token early. */
  sessionId: string;
}

const ISSUER = 'meridian';

/** Short-lived HS256 access tokens. The key is per process unless JWT_SECRET shares one. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TAccessClaims): Promise<string> {
    return new SignJWT({ typ: claims.type, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * The claims of a valid token and when it expires (epoch ms), or null for anything expired,
   * forged or malformed.
   */
  async verify(token: string): Promise<(TAccessClaims & { expiresAtMs: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.typ !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        type: payload.typ as TUserType,
        expiresAtMs: payload.exp * 1000,
      };
    } catch {
      return null;
    }
  }
}

import { randomUUID } from 'node:crypto';
import type { TUserType } from '@meridian/contracts/constants';
import { jwtVerify, SignJWT } from 'jose';

export interface TAccessClaims {
  userId: string;
  type: TUserType;
  /** The sign-in (session family) this token belongs to; revoking it ends the token early. */
  sessionId: string;
}

const ISSUER = 'meridian';
/** The audience of a sign-in's second-factor challenge: never taken as an access token, nor the other way round. */
const CHALLENGE_AUDIENCE = 'meridian:second-factor';
/** A challenge's id is a UUID: the key of its row once spent. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a sign-in waiting for its second factor carries (docs/security.md, "Two-factor sign-in"). */
export interface TSecondFactorClaims {
  userId: string;
  /** How the first step was proven. */
  method: 'password' | 'code';
  remember: boolean;
}

/** A verified challenge: its claims, its id (spent once) and when it expires. */
export interface TVerifiedSecondFactorChallenge extends TSecondFactorClaims {
  challengeId: string;
  expiresAt: Date;
}

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

  /** A short-lived challenge for the second step of a sign-in, bound to its purpose by its audience. */
  signSecondFactorChallenge(claims: TSecondFactorClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ pur: 'second-factor', mth: claims.method, rem: claims.remember })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(CHALLENGE_AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired second-factor challenge, or null. */
  async verifySecondFactorChallenge(token: string): Promise<TVerifiedSecondFactorChallenge | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: CHALLENGE_AUDIENCE,
        algorithms: ['HS256'],
      });
      if (
        payload.pur !== 'second-factor' ||
        typeof payload.sub !== 'string' ||
        (payload.mth !== 'password' && payload.mth !== 'code') ||
        typeof payload.rem !== 'boolean' ||
        typeof payload.jti !== 'string' ||
        !UUID.test(payload.jti) ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      return {
        userId: payload.sub,
        method: payload.mth,
        remember: payload.rem,
        challengeId: payload.jti,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch {
      return null;
    }
  }

  /**
   * The claims of a valid token and when it expires (epoch ms), or null for anything expired,
   * forged or malformed.
   */
  async verify(token: string): Promise<(TAccessClaims & { expiresAtMs: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (
        payload.aud !== undefined ||
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

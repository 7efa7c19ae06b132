import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { recoveryCodes, twoFactor } from '../../src/db/schema/security.ts';
import { users } from '../../src/db/schema/users.ts';
import { newRecoveryCodes, recoveryCodeHash } from '../../src/modules/identity/two-factor/second-factor.ts';

/**
 * Two-factor sign-in in tests: one-time codes computed from a user's secret as an authenticator app
 * does (RFC 6238, 6 digits, 30 s), and the second step of a sign-in answered with one.
 */

const PERIOD_MS = 30_000;

export const stepNow = (nowMs = Date.now()) => Math.floor(nowMs / PERIOD_MS);

/** The one-time code of `secret` (base32) for a step (default: the current one). */
export function totpCode(secret: string, step = stepNow()): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: step * PERIOD_MS });
}

/** Sign-ins of the same user take turns, so two of them never pick the same step. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Answers a sign-in's second-factor challenge with a code of a step the server has not seen yet:
 * the current step, the next or the previous one, whichever is after the stored last used step. When
 * all three are used (many sign-ins within a minute), the stored step is moved back in the database
 * instead of waiting for the clock: tests sign admins in far more often than a person can.
 */
export function answerSecondFactor(
  app: FastifyInstance,
  email: string,
  challenge: string,
): Promise<LightMyRequestResponse> {
  const key = email.toLowerCase();
  const turn = (queues.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const [row] = await app.db
        .select({ userId: twoFactor.userId, secret: twoFactor.secret, lastUsedStep: twoFactor.lastUsedStep })
        .from(twoFactor)
        .innerJoin(users, eq(users.id, twoFactor.userId))
        .where(eq(users.email, key))
        .limit(1);
      if (!row) throw new Error(`no second factor for ${email}`);
      const now = stepNow();
      let step = [now, now + 1, now - 1].find((s) => row.lastUsedStep === null || s > row.lastUsedStep);
      if (step === undefined) {
        await app.db
          .update(twoFactor)
          .set({ lastUsedStep: now - 2 })
          .where(eq(twoFactor.userId, row.userId));
        step = now;
      }
      return app.inject({
        method: 'POST',
        url: '/api/login/second-factor',
        payload: { challenge, code: totpCode(row.secret, step) },
      });
    });
  queues.set(key, turn);
  return turn;
}

/** Turns two-factor sign-in on for a user straight in the database (a fixture); answers its secret. */
export async function placeTwoFactor(app: FastifyInstance, userId: string): Promise<string> {
  const secret = new Secret({ size: 20 }).base32;
  await app.db
    .insert(twoFactor)
    .values({ userId, secret, enabledAt: new Date() })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, enabledAt: new Date(), lastUsedStep: null } });
  return secret;
}

/** Gives a user one more recovery code straight in the database (a fixture); answers the code. */
export async function placeRecoveryCode(app: FastifyInstance, userId: string): Promise<string> {
  const [code] = newRecoveryCodes(1);
  const codeHash = code === undefined ? null : recoveryCodeHash(userId, code);
  if (!code || !codeHash) throw new Error('no recovery code');
  await app.db.insert(recoveryCodes).values({ userId, codeHash });
  return code;
}

import { DEFAULT_LANGUAGE, LOGIN_LOCK_MS, LOGIN_MAX_ATTEMPTS } from '@meridian/contracts/constants';
import type { TRecoveryCodes, TTwoFactorSetup, TTwoFactorStatus } from '@meridian/contracts/two-factor';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { qrCodeDataUrl } from '../../../lib/qr-code.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { findUserById, lockedError, lockUserForLogin, recordFailedLogin } from '../users/index.ts';
import { newRecoveryCodes, recoveryCodeHash, spendSecondFactor } from './second-factor.ts';
import { groupedSecret, matchingStep, newTotpSecret, otpauthUri } from './totp.ts';
import { twoFactorRemovedMail } from './two-factor.mail.ts';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  hasEnabledTwoFactor,
  markSessionSecondFactor,
  replaceRecoveryCodes,
  savePendingSecret,
} from './two-factor.repository.ts';

/**
 * Two-factor sign-in, the person's side (enrolment, recovery codes, turning it off) and the admin's
 * reset of a client's (docs/security.md, "Two-factor sign-in"). The sign-in itself is
 * AuthService.login and AuthService.completeSecondFactor.
 */

export interface TTwoFactorDeps {
  db: Db;
  /**
   * What this module needs of sign-in (the AuthService): forgetting a user's cached callers after a
   * change. Named here, not imported, because sign-in uses this module's second factor.
   */
  auth: { forgetUser(userId: string): void };
  mail: Mailer;
}

/** Admins must have a second factor; nobody else has to. */
const isRequiredFor = (caller: TCaller) => caller.type === 'Admin';

export async function twoFactorStatus(db: Db, caller: TCaller): Promise<TTwoFactorStatus> {
  const factor = await findTwoFactor(db, caller.id);
  const enabled = Boolean(factor?.enabledAt);
  return {
    enabled,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, caller.id) : 0,
    required: isRequiredFor(caller),
    sessionVerified: caller.strong === true,
  };
}

/**
 * Starts enrolment: a new secret (replacing one never confirmed), as an otpauth:// link, its QR code
 * (an SVG data URL drawn here, so the secret never leaves for a third party) and typed out.
 */
export async function startEnrolment(db: Db, caller: TCaller): Promise<TTwoFactorSetup> {
  const user = await findUserById(db, caller.id);
  if (!user) throw notFound();
  if (await hasEnabledTwoFactor(db, caller.id)) throw new AppError('CONFLICT', 'two-factor.alreadyEnabled');
  const secret = newTotpSecret();
  await savePendingSecret(db, caller.id, secret);
  const uri = otpauthUri(secret, user.email);
  return { otpauthUri: uri, secret: groupedSecret(secret), qrCode: await qrCodeDataUrl(uri) };
}

/**
 * Turns the second factor on with a first correct code, and answers the recovery codes (shown once;
 * only their hashes are kept). The session that enrolled counts as having passed the factor, so an
 * admin enrolling at their first sign-in goes on into the back office without signing in again.
 */
export async function confirmEnrolment(deps: TTwoFactorDeps, caller: TCaller, code: string): Promise<TRecoveryCodes> {
  const codes = newRecoveryCodes();
  const refusal = await deps.db.transaction(async (tx): Promise<AppError | null> => {
    const user = await lockUserForLogin(tx, caller.id);
    if (!user) return notFound();
    const factor = await findTwoFactor(tx, caller.id);
    if (!factor) return new AppError('CONFLICT', 'two-factor.setupMissing');
    if (factor.enabledAt) return new AppError('CONFLICT', 'two-factor.alreadyEnabled');
    const step = matchingStep(factor.secret, code, null);
    if (step === null) return AppError.field('code', 'two-factor.codeInvalid');
    await enableTwoFactor(tx, caller.id, step);
    await replaceRecoveryCodes(
      tx,
      caller.id,
      codes.map((c) => recoveryCodeHash(caller.id, c) ?? ''),
    );
    await markSessionSecondFactor(tx, caller.sessionId, 'totp');
    return null;
  });
  if (refusal) throw refusal;
  deps.auth.forgetUser(caller.id);
  return { recoveryCodes: codes };
}

/**
 * Checks a current code (or a recovery code) of the caller's enabled factor, then runs `then` in the
 * same transaction. A wrong code counts towards the sign-in lock, like a wrong current password.
 * Also the re-check before a sensitive back-office change (a staff role: docs/security.md, "Staff roles").
 */
export async function withCurrentCode<T>(
  deps: Pick<TTwoFactorDeps, 'db'>,
  caller: TCaller,
  code: string,
  then: (tx: Tx) => Promise<T>,
) {
  const outcome = await deps.db.transaction(async (tx): Promise<{ refusal: AppError } | { value: T }> => {
    const user = await lockUserForLogin(tx, caller.id);
    if (!user) return { refusal: notFound() };
    if (user.lockedUntil && user.lockedUntil > new Date()) return { refusal: lockedError(user.lockedUntil) };
    if (!(await hasEnabledTwoFactor(tx, caller.id))) {
      return { refusal: new AppError('CONFLICT', 'two-factor.notEnabled') };
    }
    if (!(await spendSecondFactor(tx, caller.id, code))) {
      const { lockedUntil } = await recordFailedLogin(tx, caller.id, LOGIN_MAX_ATTEMPTS, LOGIN_LOCK_MS);
      return { refusal: lockedUntil ? lockedError(lockedUntil) : AppError.field('code', 'two-factor.codeInvalid') };
    }
    return { value: await then(tx) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
}

/** Turns the second factor off (a client's choice; an admin cannot: it is required for them). */
export async function disableTwoFactor(deps: TTwoFactorDeps, caller: TCaller, code: string): Promise<void> {
  if (isRequiredFor(caller)) throw new AppError('CONFLICT', 'two-factor.adminCannotDisable');
  await withCurrentCode(deps, caller, code, (tx) => deleteTwoFactor(tx, caller.id));
  deps.auth.forgetUser(caller.id);
}

/** A new set of recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: TTwoFactorDeps,
  caller: TCaller,
  code: string,
): Promise<TRecoveryCodes> {
  const codes = newRecoveryCodes();
  await withCurrentCode(deps, caller, code, (tx) =>
    replaceRecoveryCodes(
      tx,
      caller.id,
      codes.map((c) => recoveryCodeHash(caller.id, c) ?? ''),
    ),
  );
  return { recoveryCodes: codes };
}

/** Whether a client's second factor is on (the admin's client page). */
export async function clientTwoFactorStatus(db: Db, userId: string): Promise<{ enabled: boolean }> {
  const user = await findUserById(db, userId);
  if (user?.type !== 'Client') throw notFound();
  return { enabled: await hasEnabledTwoFactor(db, userId) };
}

/**
 * An admin removes a client's second factor and recovery codes (a lost phone), with the reason in
 * the audit log; the client is told by email. Their sessions stay: they only lose the second step.
 */
export async function resetClientTwoFactor(
  deps: TTwoFactorDeps,
  adminId: string,
  userId: string,
  reason: string,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (user?.type !== 'Client') throw notFound();
  const refusal = await deps.db.transaction(async (tx): Promise<AppError | null> => {
    await lockUserForLogin(tx, userId);
    if (!(await hasEnabledTwoFactor(tx, userId))) return new AppError('CONFLICT', 'two-factor.notEnabled');
    await deleteTwoFactor(tx, userId);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'client.twoFactorReset',
      targetUserId: userId,
      entityType: 'twoFactor',
      entityId: userId,
      after: { deleted: true },
      reason,
    });
    // Written with the change: the answer is the change's, whatever the mail server is doing.
    await deps.mail.queue(tx, twoFactorRemovedMail(user.email, user.language ?? DEFAULT_LANGUAGE, user.firstname));
    return null;
  });
  if (refusal) throw refusal;
  deps.auth.forgetUser(userId);
}

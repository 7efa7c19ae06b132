import { randomUUID, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@meridian/contracts/constants';
import type { TMessageKey } from '@meridian/contracts/messages';
import {
  RESET_TOKEN_TTL_MINUTES,
  TEMP_CODE_LENGTH,
  TEMP_CODE_MAX_ATTEMPTS,
  TEMP_CODE_TTL_HOURS,
  type TUnlockKind,
  type TUnlockRequest,
  type TUnlockRequestList,
  UNLOCK_IMAGE_MAX_SIDE,
} from '@meridian/contracts/recovery';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../db/client.ts';
import type { TUserRow } from '../../../db/schema/users.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { cleanImage } from '../../../lib/images.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { randomCode, randomToken, sha256 } from '../../../lib/random.ts';
import { waitUntilElapsed } from '../../../lib/steady-timing.ts';
import type { FileStore } from '../../../providers/files/interface.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { AuthService, TSignInContext, TSignInResult } from '../auth/index.ts';
import { revokeAllFamiliesOfUser } from '../auth/index.ts';
import { clearFailedLogins, findUserByEmail, findUserById, setPasswordAndUnlock } from '../users/index.ts';
import { requestRejectedMail, resetLinkMail, tempCodeMail } from './recovery.mail.ts';
import {
  findPendingOfUser,
  findRequest,
  insertResetToken,
  insertUnlockRequest,
  listPending,
  lockNewestApproved,
  lockRequest,
  lockResetToken,
  lockUser,
  markApproved,
  markCodeUsed,
  markRejected,
  markTokenUsed,
  recordWrongCode,
  replacePendingImage,
  retireUnusedTokens,
} from './recovery.repository.ts';

/**
 * Regaining access (docs/security.md, "Recovery codes and links"):
 * - A person who is locked out (`unlock`) or forgot their password (`password`) sends their email and
 *   a photo of themselves holding a signed paper with their name and the date. The answer is the
 *   same whether or not the email belongs to an account; nothing is stored for unknown emails, staff
 *   or closed accounts. One request per person waits at a time: a second one replaces its photo.
 * - An admin approves (a 6-character code is emailed, stored only as a hash bound to the request,
 *   alive 24 h, 5 tries) or rejects (the person is told by email).
 * - The code signs the person in once, and lifts the sign-in lock.
 * - Separately, an admin can email a single-use reset link (1 h) to a client: only its SHA-256 is kept.
 */

export interface TRecoveryDeps {
  db: Db;
  mail: Mailer;
  files: FileStore;
  log: FastifyBaseLogger;
}

/**
 * A code is stored as SHA-256 bound to its request: it lives 24 h with 5 tries, so a slow hash adds
 * nothing, and the binding makes a stolen hash useless for any other request.
 */
export const hashTempCode = (requestId: string, code: string) => sha256(`unlock:${requestId}:${code}`);

/** Who may ask: clients with an open, active account. */
const mayRecover = (user: TUserRow | undefined): user is TUserRow =>
  user !== undefined && user.type === 'Client' && user.isActive && user.closedAt === null;

/**
 * After the photo is checked, the answer takes this long whether or not the email has an account,
 * so the storing done only for an account does not show in the timing (docs/security.md).
 */
const REQUEST_ANSWER_MIN_MS = 250;

/**
 * Stores a recovery request with its photo, or does nothing for an email that has no client account.
 * The photo is checked for everyone, so a bad file gets the same refusal whoever sends it; after it,
 * both cases take the same time.
 */
export async function submitRequest(
  deps: TRecoveryDeps,
  input: { email: string; image: Buffer; kind: TUnlockKind },
): Promise<void> {
  const image = await cleanImage(input.image, { maxSide: UNLOCK_IMAGE_MAX_SIDE });
  const startedAt = performance.now();
  try {
    const user = await findUserByEmail(deps.db, input.email);
    if (mayRecover(user)) await storeRequest(deps, user, input.kind, image);
  } finally {
    await waitUntilElapsed(startedAt, REQUEST_ANSWER_MIN_MS);
  }
}

async function storeRequest(
  deps: TRecoveryDeps,
  user: TUserRow,
  kind: TUnlockKind,
  image: Awaited<ReturnType<typeof cleanImage>>,
): Promise<void> {
  const imageKey = `unlock/${randomUUID()}.${image.ext}`;
  await deps.files.put(imageKey, { data: image.data, contentType: image.contentType });
  let replacedKey: string | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      const pending = await findPendingOfUser(tx, user.id);
      if (pending) {
        await replacePendingImage(tx, pending.id, { kind, imageKey });
        replacedKey = pending.imageKey;
      } else {
        await insertUnlockRequest(tx, { userId: user.id, kind, imageKey });
      }
    });
  } catch (err) {
    await deps.files.delete(imageKey);
    throw err;
  }
  if (replacedKey) await deps.files.delete(replacedKey).catch((err) => deps.log.warn({ err }, 'old photo kept'));
}

/** The pending requests, oldest first, as the admin reviews them. */
export async function listPendingRequests(db: Db): Promise<TUnlockRequestList> {
  const rows = await listPending(db);
  const requests = rows.map(
    ({ request, user }): TUnlockRequest => ({
      id: request.id,
      kind: request.kind,
      status: request.status,
      createdAt: request.createdAt.toISOString(),
      user,
      imageUrl: `/unlock/${request.id}/image`,
    }),
  );
  return { requests };
}

export async function readRequestImage(deps: TRecoveryDeps, id: string) {
  const request = await findRequest(deps.db, id);
  if (!request) throw notFound();
  const file = await deps.files.get(request.imageKey);
  if (!file) throw notFound();
  return file;
}

const alreadyDecided = () => new AppError('CONFLICT', 'recovery.alreadyDecided');

/** Locks a request still waiting for a decision, and its person; 404 or 409 otherwise. */
async function lockPendingRequest(tx: Tx, id: string) {
  const request = await lockRequest(tx, id);
  if (!request) throw notFound();
  if (request.status !== 'pending') throw alreadyDecided();
  const user = await lockUser(tx, request.userId);
  if (!user) throw notFound();
  return { request, user };
}

/** Approves a pending request: a fresh code is stored as a hash and emailed to the person. */
export async function approveRequest(deps: TRecoveryDeps, adminId: string, id: string): Promise<void> {
  const code = randomCode(TEMP_CODE_LENGTH);
  await deps.db.transaction(async (tx) => {
    const { request, user } = await lockPendingRequest(tx, id);
    const expiresAt = await markApproved(tx, id, {
      adminId,
      codeHash: hashTempCode(id, code),
      ttlHours: TEMP_CODE_TTL_HOURS,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'unlock.approve',
      targetUserId: user.id,
      entityType: 'unlockRequest',
      entityId: id,
      before: { status: 'pending', kind: request.kind },
      after: { status: 'approved', kind: request.kind, codeExpiresAt: expiresAt.toISOString() },
    });
    // Written with the approval: the code is in the outbox exactly when the approval commits.
    await deps.mail.queue(
      tx,
      tempCodeMail(user.email, user.language ?? DEFAULT_LANGUAGE, {
        firstname: user.firstname,
        kind: request.kind,
        code,
        ttlHours: TEMP_CODE_TTL_HOURS,
        maxAttempts: TEMP_CODE_MAX_ATTEMPTS,
      }),
    );
  });
}

/** Rejects a pending request and tells the person. */
export async function rejectRequest(deps: TRecoveryDeps, adminId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { request, user } = await lockPendingRequest(tx, id);
    await markRejected(tx, id, adminId);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'unlock.reject',
      targetUserId: user.id,
      entityType: 'unlockRequest',
      entityId: id,
      before: { status: 'pending', kind: request.kind },
      after: { status: 'rejected', kind: request.kind },
    });
    await deps.mail.queue(
      tx,
      requestRejectedMail(user.email, user.language ?? DEFAULT_LANGUAGE, {
        firstname: user.firstname,
        kind: request.kind,
      }),
    );
  });
}

type TCodeOutcome = { userId: string } | TMessageKey;

/**
 * Checks a temporary code of the person's latest approved request. A wrong code counts against it,
 * committed before the refusal, so parallel guesses cannot pass the limit. A good code is spent, and
 * the sign-in lock and failed-login count are cleared. Unknown emails get the wrong-code answer.
 */
export async function redeemTempCode(deps: TRecoveryDeps, input: { email: string; tempCode: string }) {
  const user = await findUserByEmail(deps.db, input.email);
  const outcome = await deps.db.transaction(async (tx): Promise<TCodeOutcome> => {
    if (user?.type !== 'Client' || user.closedAt) return 'recovery.codeInvalid';
    const request = await lockNewestApproved(tx, user.id);
    if (!request?.tempCodeHash || request.tempCodeUsedAt) return 'recovery.codeInvalid';
    if (request.tempCodeAttempts >= TEMP_CODE_MAX_ATTEMPTS) return 'recovery.codeAttempts';
    if (request.expired) return 'recovery.codeExpired';
    if (!sameHash(request.tempCodeHash, hashTempCode(request.id, input.tempCode))) {
      const attempts = await recordWrongCode(tx, request.id);
      return attempts >= TEMP_CODE_MAX_ATTEMPTS ? 'recovery.codeAttempts' : 'recovery.codeInvalid';
    }
    // An inactive account keeps its code: the refusal below is the login's, and nothing is spent.
    if (!user.isActive) return 'errors.userInactive';
    await markCodeUsed(tx, request.id);
    await clearFailedLogins(tx, user.id);
    return { userId: user.id };
  });
  if (outcome === 'errors.userInactive') throw new AppError('ACCOUNT_INACTIVE', outcome);
  if (typeof outcome === 'string') throw AppError.field('tempCode', outcome);
  return outcome.userId;
}

/** Signs the person in with a temporary code: the same session as a password sign-in, not remembered (or the second-factor challenge). */
export async function signInWithTempCode(
  deps: TRecoveryDeps,
  auth: AuthService,
  input: { email: string; tempCode: string },
  context: TSignInContext,
): Promise<TSignInResult> {
  return auth.signInVerified(await redeemTempCode(deps, input), context);
}

/**
 * An admin emails a client a single-use link to choose a new password. Earlier unused links stop
 * working. `origin` is where the web app is served (PUBLIC_URL, from configuration).
 */
export async function sendResetLink(
  deps: TRecoveryDeps,
  adminId: string,
  userId: string,
  origin: string,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (user?.type !== 'Client') throw notFound();
  if (user.closedAt) throw new AppError('CONFLICT', 'recovery.accountClosed');
  const token = randomToken();
  const link = `${origin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await retireUnusedTokens(tx, userId);
    const row = await insertResetToken(tx, {
      userId,
      tokenHash: sha256(token),
      ttlMinutes: RESET_TOKEN_TTL_MINUTES,
      createdBy: adminId,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'client.passwordReset',
      targetUserId: userId,
      entityType: 'passwordResetToken',
      entityId: row.id,
      after: { linkSent: true, expiresAt: row.expiresAt.toISOString() },
    });
    await deps.mail.queue(
      tx,
      resetLinkMail(user.email, user.language ?? DEFAULT_LANGUAGE, {
        firstname: user.firstname,
        link,
        ttlMinutes: RESET_TOKEN_TTL_MINUTES,
      }),
    );
  });
}

/**
 * Sets a new password with a reset link's token: refused when the token is unknown, used or expired.
 * Like a password change, it ends every session of the user; it also lifts any sign-in lock.
 */
export async function resetPassword(
  deps: TRecoveryDeps,
  auth: Pick<AuthService, 'forgetUser'>,
  input: { token: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  let resetUserId: string | undefined;
  const outcome = await deps.db.transaction(async (tx): Promise<TMessageKey | null> => {
    const token = await lockResetToken(tx, sha256(input.token));
    if (!token || token.usedAt) return 'recovery.tokenInvalid';
    if (token.expired) return 'recovery.tokenExpired';
    const user = await lockUser(tx, token.userId);
    if (!user || user.closedAt) return 'recovery.tokenInvalid';
    await markTokenUsed(tx, token.id);
    await setPasswordAndUnlock(tx, user.id, passwordHash);
    await revokeAllFamiliesOfUser(tx, user.id, 'password reset');
    resetUserId = user.id;
    return null;
  });
  if (outcome) throw AppError.field('token', outcome);
  if (resetUserId) auth.forgetUser(resetUserId);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

import type { TAuthResponse, TChangePasswordInput, TUser } from '@meridian/contracts/auth';
import type { TLanguage } from '@meridian/contracts/constants';
import { LOGIN_LOCK_MS, LOGIN_MAX_ATTEMPTS, REFERRAL_CODE_LENGTH } from '@meridian/contracts/constants';
import {
  SECOND_FACTOR_CHALLENGE_TTL_SECONDS,
  type TSecondFactorChallenge,
  type TSecondFactorSignInInput,
} from '@meridian/contracts/two-factor';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { TUserRow } from '../../../db/schema/users.ts';
import { AppError, unauthorized } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import { randomCode, randomToken, sha256 } from '../../../lib/random.ts';
import { waitUntilElapsed } from '../../../lib/steady-timing.ts';
import { startVerification, type TVerificationDeps } from '../email-verification/index.ts';
import { hasEnabledTwoFactor, spendSecondFactor } from '../two-factor/index.ts';
import {
  clearFailedLogins,
  findUserByEmail,
  findUserById,
  findUserIdByReferralCode,
  insertUser,
  isEmailOrUsernameTaken,
  lockedError,
  lockUserForLogin,
  recordFailedLogin,
  setPasswordHash,
  type TAcceptedLegal,
  type TNewUserState,
  toApiUser,
} from '../users/index.ts';
import type { AccessTokens } from './access-token.ts';
import { CallerCache } from './caller-cache.ts';
import { LastUseThrottle } from './last-use.ts';
import { findUnknownEmailLock, recordUnknownEmailFailure } from './login-failures.repository.ts';
import {
  createSessionFamily,
  findCallerOfLiveSession,
  findRefreshToken,
  insertRefreshToken,
  markRotated,
  revokeAllFamiliesOfUser,
  revokeFamily,
  revokeOtherFamiliesOfUser,
  touchSessionFamily,
} from './sessions.repository.ts';
import type { TSignInContext, TSignInProof } from './sign-in-context.ts';
import { isChallengeSpent, spendChallenge } from './spent-challenges.repository.ts';

/** Who a new client is: the registration form's fields (Add client's, which has no language, alike). */
export interface TNewClientInput {
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  phone: string;
  country: string;
  address: string;
  password: string;
  referralCode?: string | undefined;
  lang?: TLanguage | undefined;
}

/** A session as the routes see it: what to answer and the refresh cookie to set. */
export interface TIssuedSession {
  auth: TAuthResponse;
  refreshToken: string;
  /** Remembered sessions get a persistent cookie; others end with the browser. */
  remember: boolean;
  expiresAt: Date;
}

/**
 * The first step of a sign-in: a session, or, for a user with two-factor sign-in on, the challenge
 * that `completeSecondFactor` takes with the code.
 */
export type TSignInResult = TIssuedSession | TSecondFactorChallenge;

/**
 * Every refused sign-in ends no sooner than this after it arrived (an argon2 check takes ~25 ms
 * here), so an email with no account cannot be told apart by timing.
 */
const LOGIN_REFUSAL_MIN_MS = 150;

/** An unremembered session still has a server-side end, in case the browser is never closed. */
const SESSION_ONLY_TTL_MS = 24 * 60 * 60 * 1000;

export class AuthService {
  /** When each session was last used is written at most once a minute per server (last-use.ts). */
  private readonly lastUse = new LastUseThrottle();

  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    private readonly refreshTtlDays: number,
    /** Who recent bearer tokens belong to (caller-cache.ts); never a balance. */
    private readonly callers: CallerCache = new CallerCache(0),
  ) {}

  /**
   * Forgets the cached callers of `userId`, after a change that ends or narrows their sessions
   * (sign-out, password change or reset, deactivation, closing): their next request is checked
   * against the database. Other server instances see the change when their entry ends (at most
   * `AUTH_CACHE_MS`).
   */
  forgetUser(userId: string): void {
    this.callers.forgetUser(userId);
  }

  /**
   * A sign-up (POST /api/client): a new Client who accepted the terms and the risk disclosure (their
   * versions are recorded with the time), with an unverified email address and, in the same
   * transaction, the mail with the link that verifies it (docs/security.md, "Email verification").
   */
  async signUp(
    input: TNewClientInput,
    options: {
      accepted: TAcceptedLegal;
      verification: TVerificationDeps;
      /** The mail's language when the form names none (the request's Accept-Language). */
      language: TLanguage;
    },
  ): Promise<TUser> {
    // Hashed before the transaction: argon2 takes a while, and nothing waits on it.
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const row = await this.insertClient(tx, input, passwordHash, {
        emailVerified: false,
        accepted: options.accepted,
      });
      await startVerification(
        tx,
        options.verification,
        { ...row, language: row.language ?? options.language },
        'sign-up',
      );
      return toApiUser({ ...row, emailVerifiedAt: null });
    });
  }

  /**
   * An admin's Add client: a new active Client with the password the admin set, its email counted as
   * verified (the admin vouches for it, docs/security.md "Email verification"), in the caller's
   * transaction so the audit entry commits with the user.
   */
  async register(input: TNewClientInput, db: DbOrTx = this.db): Promise<TUser> {
    const passwordHash = await hashPassword(input.password);
    return toApiUser(await this.insertClient(db, input, passwordHash, { emailVerified: true }));
  }

  /** A new Client with their own referral code; 409 when the email or the username is taken. */
  private async insertClient(
    db: DbOrTx,
    input: TNewClientInput,
    passwordHash: string,
    state: TNewUserState,
  ): Promise<TUserRow> {
    if (await isEmailOrUsernameTaken(db, input.email, input.username)) {
      throw new AppError('CONFLICT', 'errors.userExists');
    }
    let referredBy: string | undefined;
    if (input.referralCode) {
      referredBy = await findUserIdByReferralCode(db, input.referralCode);
      if (!referredBy) {
        throw AppError.field('referralCode', 'errors.invalidReferralCode');
      }
    }
    // A fresh referral code collides about once in 10^12 sign-ups; retry rather than check first.
    for (let attempt = 0; ; attempt++) {
      try {
        return await insertUser(
          db,
          {
            type: 'Client',
            firstname: input.firstname,
            lastname: input.lastname,
            username: input.username,
            email: input.email,
            phone: input.phone,
            country: input.country,
            address: input.address,
            passwordHash,
            referralCode: randomCode(REFERRAL_CODE_LENGTH),
            referredBy,
            language: input.lang ?? null,
          },
          state,
        );
      } catch (err) {
        const constraint = isUniqueViolation(err);
        if (constraint === 'users_referral_code_key' && attempt < 3) continue;
        if (constraint) throw new AppError('CONFLICT', 'errors.userExists');
        throw err;
      }
    }
  }

  /**
   * Sign-in with the server-enforced lock: the 5th consecutive wrong password locks the account for
   * 2 hours; while locked even the right password is refused, and the answer says until when.
   *
   * An email with no open account is answered exactly like an account with a wrong password: the
   * same status, body, attempts counter and lock (counted per email in `login_failures`), and every
   * refusal ends no sooner than LOGIN_REFUSAL_MIN_MS, so neither the answer nor its timing tells
   * whether an account exists (docs/security.md, "Sign-in").
   */
  async login(
    input: { email: string; password: string; remember?: boolean | undefined },
    context: TSignInContext,
  ): Promise<TSignInResult> {
    const startedAt = performance.now();
    try {
      return await this.checkPassword(input, context);
    } catch (err) {
      await waitUntilElapsed(startedAt, LOGIN_REFUSAL_MIN_MS);
      throw err;
    }
  }

  private async checkPassword(
    input: { email: string; password: string; remember?: boolean | undefined },
    context: TSignInContext,
  ): Promise<TSignInResult> {
    const found = await findUserByEmail(this.db, input.email);
    // A closed (deleted) account answers exactly like an unknown email.
    if (!found || found.closedAt) return this.refuseUnknownEmail(input);
    // A lock already in place needs no transaction, so a burst against a locked account stays cheap.
    if (found.lockedUntil && found.lockedUntil > new Date()) throw lockedError(found.lockedUntil);

    // The lock check, the password check and the count are one step per account: the user's row stays
    // locked (FOR UPDATE) until the failure is counted or cleared, so parallel sign-ins take turns and
    // no more than LOGIN_MAX_ATTEMPTS passwords are checked before the lock, whatever the concurrency.
    // Refusals are returned rather than thrown so that the counted failure commits.
    const outcome = await this.db.transaction(async (tx): Promise<TLoginOutcome> => {
      const user = await lockUserForLogin(tx, found.id);
      if (!user || user.closedAt) return { kind: 'unknown' };
      if (user.lockedUntil && user.lockedUntil > new Date()) return { kind: 'locked', until: user.lockedUntil };
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        const { failedLogins, lockedUntil } = await recordFailedLogin(tx, user.id, LOGIN_MAX_ATTEMPTS, LOGIN_LOCK_MS);
        if (lockedUntil) return { kind: 'locked', until: lockedUntil };
        return { kind: 'wrong', attemptsRemaining: LOGIN_MAX_ATTEMPTS - failedLogins };
      }
      if (!user.isActive) return { kind: 'inactive' };
      if (user.failedLogins > 0 || user.lockedUntil) await clearFailedLogins(tx, user.id);
      return { kind: 'ok', user };
    });

    switch (outcome.kind) {
      case 'unknown':
        return this.refuseUnknownEmail(input);
      case 'locked':
        throw lockedError(outcome.until);
      case 'wrong':
        throw wrongCredentials(outcome.attemptsRemaining);
      case 'inactive':
        throw new AppError('ACCOUNT_INACTIVE', 'errors.userInactive');
      case 'ok':
        return this.afterFirstFactor(outcome.user, 'password', context, input.remember ?? false);
    }
  }

  /** The same steps and answers as a wrong password for an account, on the email's own counter. */
  private async refuseUnknownEmail(input: { email: string; password: string }): Promise<never> {
    const emailHash = sha256(`login:${input.email.trim().toLowerCase()}`);
    const lockedUntil = await findUnknownEmailLock(this.db, emailHash);
    if (lockedUntil) throw lockedError(lockedUntil);
    await burnPasswordCheck(input.password);
    const counted = await recordUnknownEmailFailure(this.db, emailHash, LOGIN_MAX_ATTEMPTS, LOGIN_LOCK_MS);
    if (counted.lockedUntil) throw lockedError(counted.lockedUntil);
    throw wrongCredentials(LOGIN_MAX_ATTEMPTS - counted.failedLogins);
  }

  /**
   * Signs in a user whose identity was proven another way (a valid temporary code from an approved
   * unlock or recovery request): the same session and cookie as a password sign-in, not remembered.
   * The code stands in for the password only: a second factor is still asked for.
   */
  async signInVerified(userId: string, context: TSignInContext): Promise<TSignInResult> {
    const user = await findUserById(this.db, userId);
    if (!user || user.closedAt) throw unauthorized('errors.sessionExpired');
    if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', 'errors.userInactive');
    return this.afterFirstFactor(user, 'code', context, false);
  }

  /**
   * After a right password (or temporary code): the session, or for a user with two-factor sign-in
   * on a short-lived signed challenge naming the user, how the first step was proven and "remember
   * me" (docs/security.md, "Two-factor sign-in").
   */
  private async afterFirstFactor(
    user: TUserRow,
    method: 'password' | 'code',
    context: TSignInContext,
    remember: boolean,
  ): Promise<TSignInResult> {
    if (!(await hasEnabledTwoFactor(this.db, user.id))) return this.startSession(user, { method }, context, remember);
    const challenge = await this.tokens.signSecondFactorChallenge(
      { userId: user.id, method, remember },
      SECOND_FACTOR_CHALLENGE_TTL_SECONDS,
    );
    return { secondFactorRequired: true, challenge };
  }

  /**
   * The second step of a sign-in: the challenge of the first and a one-time code (or a recovery
   * code). A wrong code counts towards the account's sign-in lock, under the user's row lock as a
   * wrong password does; a locked account is refused whatever the code.
   */
  async completeSecondFactor(input: TSecondFactorSignInInput, context: TSignInContext): Promise<TIssuedSession> {
    const claims = await this.tokens.verifySecondFactorChallenge(input.challenge);
    if (!claims) throw unauthorized('two-factor.challengeExpired');
    const outcome = await this.db.transaction(async (tx): Promise<TSecondFactorOutcome> => {
      const user = await lockUserForLogin(tx, claims.userId);
      if (!user || user.closedAt) return { kind: 'unknown' };
      if (user.lockedUntil && user.lockedUntil > new Date()) return { kind: 'locked', until: user.lockedUntil };
      // A challenge opens one session: spent, it is refused as an expired one is, before any
      // code is looked at (docs/security.md, "Two-factor sign-in").
      if (await isChallengeSpent(tx, claims.challengeId)) return { kind: 'unknown' };
      const factor = await spendSecondFactor(tx, user.id, input.code);
      if (!factor) {
        const { failedLogins, lockedUntil } = await recordFailedLogin(tx, user.id, LOGIN_MAX_ATTEMPTS, LOGIN_LOCK_MS);
        if (lockedUntil) return { kind: 'locked', until: lockedUntil };
        return { kind: 'wrong', attemptsRemaining: LOGIN_MAX_ATTEMPTS - failedLogins };
      }
      if (!user.isActive) return { kind: 'inactive' };
      if (user.failedLogins > 0 || user.lockedUntil) await clearFailedLogins(tx, user.id);
      // The user's row lock already orders two uses of one challenge; the key of the spent row
      // makes it so even without it. Thrown, so the code spent above is given back.
      const spent = await spendChallenge(tx, {
        id: claims.challengeId,
        userId: user.id,
        expiresAt: claims.expiresAt,
      });
      if (!spent) throw unauthorized('two-factor.challengeExpired');
      // The session is opened in the transaction that spends the challenge: both or neither.
      const session = await this.startSession(
        user,
        { method: claims.method, secondFactor: factor },
        context,
        claims.remember,
        tx,
      );
      return { kind: 'ok', session };
    });
    switch (outcome.kind) {
      case 'unknown':
        throw unauthorized('two-factor.challengeExpired');
      case 'locked':
        throw lockedError(outcome.until);
      case 'wrong':
        throw new AppError(
          'INVALID_CREDENTIALS',
          'two-factor.codeInvalid',
          {},
          { field: 'code', extra: { attemptsRemaining: outcome.attemptsRemaining } },
        );
      case 'inactive':
        throw new AppError('ACCOUNT_INACTIVE', 'errors.userInactive');
      case 'ok':
        return outcome.session;
    }
  }

  /** A new sign-in of `user`, proven as `proof` says: its session family, first tokens and cookie. */
  async startSession(
    user: TUserRow,
    proof: TSignInProof,
    context: TSignInContext,
    remember: boolean,
    db: DbOrTx = this.db,
  ): Promise<TIssuedSession> {
    const familyId = await createSessionFamily(db, user.id, proof, context);
    return this.issue(user, familyId, remember, db);
  }

  /**
   * Trades a refresh token for a new one of the same family. A token that was already traded means
   * someone else holds a copy: the whole family is revoked and both holders must sign in again.
   */
  async refresh(refreshToken: string | undefined): Promise<TIssuedSession> {
    if (!refreshToken) throw unauthorized('errors.sessionExpired');
    const token = await findRefreshToken(this.db, sha256(refreshToken));
    if (!token || token.familyRevokedAt || token.expiresAt <= new Date()) throw unauthorized('errors.sessionExpired');
    if (token.rotatedAt || !(await markRotated(this.db, token.id))) {
      await revokeFamily(this.db, token.familyId, 'refresh token reused');
      this.forgetUser(token.userId);
      throw unauthorized('errors.sessionExpired');
    }
    const user = await findUserById(this.db, token.userId);
    if (!user || user.closedAt) throw unauthorized('errors.sessionExpired');
    if (!user.isActive) {
      await revokeFamily(this.db, token.familyId, 'user inactive');
      this.forgetUser(token.userId);
      throw new AppError('ACCOUNT_INACTIVE', 'errors.userInactive');
    }
    await touchSessionFamily(this.db, token.familyId);
    return this.issue(user, token.familyId, token.remember);
  }

  /**
   * Sign-out: ends the sign-in of the refresh cookie and that of the bearer token (`Authorization`
   * header). Either may be missing or no longer good (an expired token): it is then simply ignored.
   */
  async logout(refreshToken: string | undefined, authorization: string | undefined): Promise<void> {
    if (refreshToken) {
      const token = await findRefreshToken(this.db, sha256(refreshToken));
      if (token) {
        await revokeFamily(this.db, token.familyId, 'logout');
        this.forgetUser(token.userId);
      }
    }
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
    const caller = bearer ? await this.authenticate(bearer) : null;
    if (caller) {
      await revokeFamily(this.db, caller.sessionId, 'logout');
      this.forgetUser(caller.id);
    }
  }

  /**
   * Sets a user's password: the caller's own, or anyone's for an admin (the client scope's guard
   * checks `:userId`). One's own change needs the current password, checked like a sign-in (a wrong
   * one counts towards the lock), so a stolen access token alone cannot take the account over; it
   * ends every other session and keeps this one. An admin's change of another user's password ends
   * all of theirs (docs/security.md, "Passwords").
   */
  async changePassword(caller: TCaller, userId: string, input: TChangePasswordInput): Promise<void> {
    const own = caller.id === userId;
    if (own && !input.currentPassword) throw AppError.field('currentPassword', 'validation.currentPasswordRequired');
    const passwordHash = await hashPassword(input.password);
    const refusal = await this.db.transaction(async (tx): Promise<AppError | null> => {
      const user = await lockUserForLogin(tx, userId);
      if (!user) return new AppError('NOT_FOUND', 'errors.notFound');
      if (own) {
        if (user.lockedUntil && user.lockedUntil > new Date()) return lockedError(user.lockedUntil);
        if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
          const { lockedUntil } = await recordFailedLogin(tx, user.id, LOGIN_MAX_ATTEMPTS, LOGIN_LOCK_MS);
          return lockedUntil
            ? lockedError(lockedUntil)
            : AppError.field('currentPassword', 'errors.currentPasswordWrong');
        }
      }
      await setPasswordHash(tx, userId, passwordHash);
      if (own) await revokeOtherFamiliesOfUser(tx, userId, caller.sessionId, 'password changed');
      else await revokeAllFamiliesOfUser(tx, userId, 'password changed');
      return null;
    });
    // Returned, not thrown, so that a counted failure commits.
    if (refusal) throw refusal;
    this.forgetUser(userId);
  }

  /**
   * The caller behind a bearer token, or null when the token or its session is no longer good: a
   * valid signature, a live session and an active user, read from the database at most once per
   * `AUTH_CACHE_MS` for the same token (caller-cache.ts).
   */
  async authenticate(bearer: string): Promise<TCaller | null> {
    const cached = this.callers.get(bearer);
    if (cached) return cached;
    const claims = await this.tokens.verify(bearer);
    if (!claims) return null;
    const user = await findCallerOfLiveSession(this.db, claims.userId, claims.sessionId);
    if (!user?.isActive) return null;
    const caller: TCaller = {
      id: user.id,
      type: user.type,
      ...(user.staffRole ? { staffRole: user.staffRole } : {}),
      sessionId: claims.sessionId,
      strong: user.method === 'passkey' || user.secondFactor !== null,
      emailVerified: user.emailVerifiedAt !== null,
    };
    this.callers.set(bearer, caller, claims.expiresAtMs);
    // The session's last use, written in the background: a failed write only leaves it a minute older.
    if (this.lastUse.due(claims.sessionId)) touchSessionFamily(this.db, claims.sessionId).catch(() => undefined);
    return caller;
  }

  private async issue(
    user: TUserRow,
    familyId: string,
    remember: boolean,
    db: DbOrTx = this.db,
  ): Promise<TIssuedSession> {
    const refreshToken = randomToken();
    const ttl = remember ? this.refreshTtlDays * 24 * 60 * 60 * 1000 : SESSION_ONLY_TTL_MS;
    const expiresAt = new Date(Date.now() + ttl);
    await insertRefreshToken(db, {
      familyId,
      userId: user.id,
      tokenHash: sha256(refreshToken),
      remember,
      expiresAt,
    });
    const accessToken = await this.tokens.sign({ userId: user.id, type: user.type, sessionId: familyId });
    return { auth: { user: toApiUser(user), accessToken, roles: user.type }, refreshToken, remember, expiresAt };
  }
}

/** What one password sign-in came to, decided while the user's row was locked. */
type TLoginOutcome =
  | { kind: 'unknown' }
  | { kind: 'locked'; until: Date }
  | { kind: 'wrong'; attemptsRemaining: number }
  | { kind: 'inactive' }
  | { kind: 'ok'; user: TUserRow };

/** What one second-factor step came to, decided while the user's row was locked. */
type TSecondFactorOutcome =
  | { kind: 'unknown' }
  | { kind: 'locked'; until: Date }
  | { kind: 'wrong'; attemptsRemaining: number }
  | { kind: 'inactive' }
  | { kind: 'ok'; session: TIssuedSession };

/** A wrong password, or an email with no account: one answer for both (docs/security.md, "Sign-in"). */
function wrongCredentials(attemptsRemaining: number): AppError {
  return new AppError('INVALID_CREDENTIALS', 'errors.invalidEmailOrPassword', {}, { extra: { attemptsRemaining } });
}

export type { TSessionRow } from './sessions.repository.ts';
// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries").
export {
  listLiveSessions,
  revokeAllFamiliesOfUser,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSessionOfUser,
} from './sessions.repository.ts';

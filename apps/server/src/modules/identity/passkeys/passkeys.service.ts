import { messageText } from '@meridian/contracts/messages';
import {
  PASSKEY_TRANSPORTS,
  type TPasskey,
  type TPasskeyList,
  type TPasskeyRegistrationOptions,
  type TPasskeySignInOptions,
  type ZPasskeyRegistrationInput,
  type ZPasskeySignInInput,
} from '@meridian/contracts/passkeys';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import type { AuthService, TIssuedSession, TSignInContext } from '../auth/index.ts';
import { clearFailedLoginsAfterPasskey, findUserById, lockedError } from '../users/index.ts';
import {
  countPasskeysOfUser,
  deletePasskeyOfUser,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeysOfUser,
  recordPasskeyUse,
  renamePasskeyOfUser,
  type TPasskeyRow,
  takeRegisterChallenge,
  takeSignInChallenge,
} from './passkeys.repository.ts';
import type { TRelyingParty } from './relying-party.ts';

/** A challenge is good for this long, and once. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * A passkey stands in for the password and the second factor, so the authenticator must verify the
 * person (PIN, fingerprint, face), not only their presence.
 */
const USER_VERIFICATION = 'required';

type TRegistrationInput = z.output<typeof ZPasskeyRegistrationInput>;
type TSignInInput = z.output<typeof ZPasskeySignInInput>;

/**
 * The WebAuthn user handle of a user: the 16 bytes of their id, the same for every passkey of theirs,
 * so an authenticator keeps one passkey per account of this site.
 */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
}

const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

export function toApiPasskey(row: TPasskeyRow): TPasskey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
    deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  };
}

// --- Registration --------------------------------------------------------------------------------

/**
 * Options for a new passkey of the caller: a challenge stored for 5 minutes, the caller's passkeys
 * excluded (an authenticator that holds one says so instead of making a second), a discoverable
 * credential (signing in then needs no email) and user verification.
 */
export async function registrationOptions(
  db: Db,
  caller: TCaller,
  rp: TRelyingParty,
): Promise<TPasskeyRegistrationOptions> {
  const user = await findUserById(db, caller.id);
  if (!user) throw notFound();
  const existing = await listPasskeysOfUser(db, caller.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.firstname} ${user.lastname}`.trim(),
    userID: userHandleOf(user.id),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: USER_VERIFICATION },
  });
  await insertChallenge(db, {
    userId: caller.id,
    purpose: 'register',
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return { options: { ...options, excludeCredentials: options.excludeCredentials?.map(knownTransports) } };
}

/**
 * Verifies the browser's new credential against the caller's challenge it names (taken once: a
 * second answer to it is refused) and this site's origin and RP ID, then saves it under `name`, or
 * "Passkey N" without one.
 */
export async function registerPasskey(
  db: Db,
  caller: TCaller,
  input: TRegistrationInput,
  rp: TRelyingParty,
): Promise<TPasskey> {
  const response: RegistrationResponseJSON = input.response;
  const challenge = await takeRegisterChallenge(db, caller.id, challengeOf(response.response.clientDataJSON));
  if (!challenge) throw new AppError('BAD_REQUEST', 'passkeys.challengeExpired');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({ response, ...expectationsOf(challenge, rp) });
  } catch {
    throw new AppError('BAD_REQUEST', 'passkeys.registrationFailed');
  }
  if (!verified.verified) throw new AppError('BAD_REQUEST', 'passkeys.registrationFailed');
  const info = verified.registrationInfo;
  const name =
    input.name ?? messageText('passkeys.defaultName', { number: (await countPasskeysOfUser(db, caller.id)) + 1 });
  try {
    const row = await insertPasskey(db, {
      userId: caller.id,
      credentialId: info.credential.id,
      publicKey: toBase64url(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? []).filter(isKnownTransport),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name,
    });
    return toApiPasskey(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'passkeys.alreadyRegistered');
    throw err;
  }
}

export async function listPasskeys(db: Db, caller: TCaller): Promise<TPasskeyList> {
  return { passkeys: (await listPasskeysOfUser(db, caller.id)).map(toApiPasskey) };
}

/** Renames one of the caller's passkeys; anyone else's answers 404, as if it did not exist. */
export async function renamePasskey(db: Db, caller: TCaller, id: string, name: string): Promise<TPasskey> {
  const row = await renamePasskeyOfUser(db, caller.id, id, name);
  if (!row) throw notFound();
  return toApiPasskey(row);
}

/** Removes one of the caller's passkeys; anyone else's answers 404. */
export async function removePasskey(db: Db, caller: TCaller, id: string): Promise<void> {
  if (!(await deletePasskeyOfUser(db, caller.id, id))) throw notFound();
}

// --- Sign-in -------------------------------------------------------------------------------------

/**
 * A sign-in challenge for any passkey of this site: nobody is named (the authenticator offers the
 * passkeys it holds for the RP ID), so the challenge has no user and is found again by its id.
 */
export async function signInOptions(db: Db, rp: TRelyingParty): Promise<TPasskeySignInOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: USER_VERIFICATION,
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await insertChallenge(db, {
    userId: null,
    purpose: 'sign-in',
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return { challengeId, options: { ...options, allowCredentials: options.allowCredentials?.map(knownTransports) } };
}

/**
 * Sign-in with a passkey, instead of the password and the second factor: the challenge is taken
 * once, the assertion is verified against the stored public key, this site's origin and RP ID, with
 * user verification and a signature counter that must move forward (when the authenticator keeps
 * one). The account then gets the answers of a password sign-in: a closed one is not recognised,
 * a locked one 423 with `lockedUntil`, an inactive one 403 (docs/security.md, "Passkeys").
 */
export async function signInWithPasskey(
  deps: { db: Db; auth: AuthService },
  input: TSignInInput,
  rp: TRelyingParty,
  context: TSignInContext,
): Promise<TIssuedSession> {
  const { db } = deps;
  const response: AuthenticationResponseJSON = input.response;
  const challenge = await takeSignInChallenge(db, input.challengeId);
  if (!challenge) throw new AppError('INVALID_CREDENTIALS', 'passkeys.challengeExpired');
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) throw notRecognised();
  const user = await findUserById(db, passkey.userId);
  if (!user || user.closedAt) throw notRecognised();
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== toBase64url(userHandleOf(user.id))) throw notRecognised();
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      ...expectationsOf(challenge, rp),
      credential: {
        id: passkey.credentialId,
        publicKey: fromBase64url(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
  } catch {
    throw notRecognised();
  }
  if (!verified.verified) throw notRecognised();
  if (user.lockedUntil && user.lockedUntil > new Date()) throw lockedError(user.lockedUntil);
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', 'errors.userInactive');
  const info = verified.authenticationInfo;
  const recorded = await recordPasskeyUse(db, passkey, {
    counter: info.newCounter,
    backedUp: info.credentialBackedUp,
  });
  if (!recorded) throw notRecognised();
  await clearFailedLoginsAfterPasskey(db, user.id);
  return deps.auth.startSession(user, { method: 'passkey' }, context, input.remember ?? false);
}

/** What every authenticator answer is verified against: the challenge taken, this site, a verified person. */
function expectationsOf(challenge: string, rp: TRelyingParty) {
  return {
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
  };
}

function notRecognised(): AppError {
  return new AppError('INVALID_CREDENTIALS', 'passkeys.notRecognised');
}

/** The challenge an answer's client data names; the verification checks the rest of it. */
function challengeOf(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (data && typeof data === 'object' && 'challenge' in data && typeof data.challenge === 'string') {
      return data.challenge;
    }
  } catch {
    // Not JSON: refused below.
  }
  throw AppError.field('response', 'passkeys.answerInvalid');
}

type TTransport = (typeof PASSKEY_TRANSPORTS)[number];

function isKnownTransport(value: string): value is TTransport {
  return (PASSKEY_TRANSPORTS as readonly string[]).includes(value);
}

/** A credential descriptor with only the transports the contract names. */
function knownTransports(descriptor: { id: string; transports?: string[] | undefined }): {
  id: string;
  type: 'public-key';
  transports?: TTransport[];
} {
  const known = { id: descriptor.id, type: 'public-key' as const };
  return descriptor.transports ? { ...known, transports: descriptor.transports.filter(isKnownTransport) } : known;
}

import { randomUUID } from 'node:crypto';
import type { TUser } from '@meridian/contracts/auth';
import type { TLanguage } from '@meridian/contracts/constants';
import { AVATAR_FILE_PATTERN, AVATAR_MAX_SIDE, type TAdminProfileUpdateInput } from '@meridian/contracts/profile';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { cleanImage } from '../../../lib/images.ts';
import type { FileStore } from '../../../providers/files/interface.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import {
  findOpenAdmin,
  findUserRecord,
  isEmailOrUsernameTakenByOther,
  lockOpenUser,
  setLanguage,
  setProfileImage,
  type TAdminPatch,
  toApiUser,
  updateAdmin,
} from '../users/index.ts';

/**
 * Avatars are served by capability URL: `/api/avatars/<random uuid>.<ext>`, readable without a token,
 * like the avatar CDNs of most products. An `<img src>` in the header cannot send a bearer token, the
 * name cannot be guessed or listed, and a new upload gets a new name (the old file is deleted), so a
 * URL can be cached forever. KYC documents and unlock photos are different: they prove identity, so
 * they stay behind auth (owner or admin) and the web app fetches them with the token.
 */
export const AVATAR_URL_PREFIX = '/api/avatars/';

/** The store key of an avatar file name, or undefined when the name is not one the server made. */
export function avatarKeyOf(file: string): string | undefined {
  return AVATAR_FILE_PATTERN.test(file) ? `avatars/${file}` : undefined;
}

/** The store key behind a user's `profile` URL, when it is an avatar of ours. */
function avatarKeyOfUrl(url: string | null): string | undefined {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return undefined;
  return avatarKeyOf(url.slice(AVATAR_URL_PREFIX.length));
}

export interface TProfileDeps {
  db: Db;
  files: FileStore;
  log: FastifyBaseLogger;
}

/**
 * A new avatar, of a client or an admin: the bytes are checked by content and
 * re-encoded without metadata, at most AVATAR_MAX_SIDE pixels a side, and stored under a new random
 * name. The user row points at it in one transaction; an admin changing someone else's picture is
 * audited there. The previous file goes only after the commit, so a failure never leaves a user
 * pointing at a missing file.
 */
export async function uploadAvatar(
  { db, files, log }: TProfileDeps,
  caller: TCaller,
  userId: string,
  bytes: Buffer,
): Promise<TUser> {
  const image = await cleanImage(bytes, { maxSide: AVATAR_MAX_SIDE });
  const name = `${randomUUID()}.${image.ext}`;
  const key = `avatars/${name}`;
  await files.put(key, { data: image.data, contentType: image.contentType });
  let result: { user: TUser; previousKey: string | undefined };
  try {
    result = await db.transaction(async (tx) => {
      const current = await lockOpenUser(tx, userId);
      if (!current || current.type === 'Agent') throw notFound();
      const saved = await setProfileImage(tx, userId, `${AVATAR_URL_PREFIX}${name}`);
      if (caller.type === 'Admin' && caller.id !== userId) {
        await recordAudit(tx, {
          actorId: caller.id,
          action: 'client.avatar',
          targetUserId: userId,
          entityType: 'user',
          entityId: userId,
          before: { profile: current.profile },
          after: { profile: saved.profile },
        });
      }
      return { user: toApiUser(saved), previousKey: avatarKeyOfUrl(current.profile) };
    });
  } catch (err) {
    await files.delete(key).catch((cleanupErr: unknown) => log.warn({ err: cleanupErr, key }, 'avatar cleanup failed'));
    throw err;
  }
  if (result.previousKey && result.previousKey !== key) {
    // Best effort: the user already points at the new picture; an orphan file is harmless.
    await files
      .delete(result.previousKey)
      .catch((err: unknown) => log.warn({ err, key: result.previousKey }, 'old avatar not deleted'));
  }
  return result.user;
}

/** A client's record (their own, or any client's for an admin: the client scope checks `:userId`). */
export async function getClient(db: Db, userId: string): Promise<TUser> {
  const user = await findUserRecord(db, userId);
  if (user?.type !== 'Client' || user.closedAt) throw notFound();
  return toApiUser(user);
}

/** An avatar's bytes by its public file name; 404 for a name the server did not make or a file gone. */
export async function readAvatar(files: FileStore, file: string) {
  const key = avatarKeyOf(file);
  const stored = key ? await files.get(key) : undefined;
  if (!stored) throw notFound();
  return stored;
}

/** An admin's record (any admin may read it). */
export async function getAdmin(db: Db, id: string): Promise<TUser> {
  const row = await findOpenAdmin(db, id);
  if (!row) throw notFound();
  return toApiUser(row);
}

const ADMIN_FIELDS = ['firstname', 'lastname', 'username', 'email', 'phone'] as const;

/**
 * An admin updates their own profile. Only the admin themself: another
 * admin is refused, as a client would be. 409 when the email or username belongs to someone else.
 */
export async function updateAdminProfile(
  db: Db,
  caller: TCaller,
  id: string,
  input: TAdminProfileUpdateInput,
): Promise<TUser> {
  if (caller.type !== 'Admin' || caller.id !== id) throw new AppError('FORBIDDEN', 'errors.forbidden');
  try {
    return await db.transaction(async (tx) => {
      const current = await lockOpenUser(tx, id);
      if (current?.type !== 'Admin') throw notFound();
      if (await isEmailOrUsernameTakenByOther(tx, id, input.email, input.username)) {
        throw new AppError('CONFLICT', 'errors.userExists');
      }
      const patch: TAdminPatch = {};
      for (const field of ADMIN_FIELDS) if (current[field] !== input[field]) patch[field] = input[field];
      if (Object.keys(patch).length === 0) return toApiUser(current);
      return toApiUser(await updateAdmin(tx, id, patch));
    });
  } catch (err) {
    // Two updates racing for the same email or username: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'errors.userExists');
    throw err;
  }
}

/** Stores the language the caller picked in the web app (any signed-in person, for themself only). */
export async function chooseLanguage(db: Db, caller: TCaller, language: TLanguage): Promise<void> {
  await setLanguage(db, caller.id, language);
}

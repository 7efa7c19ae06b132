import { z } from 'zod';
import { ZRegisterInput, ZUser } from './auth.ts';
import type { TMessageKey } from './messages.ts';
import { zUpload } from './uploads.ts';

/**
 * Profiles, avatars and the change-password page, of clients and admins alike.
 */

/** Avatars are stored at most this many pixels on their longer side. */
export const AVATAR_MAX_SIDE = 512;

/** The avatar dialog closes this long after a successful upload. */
export const AVATAR_CLOSE_DELAY_MS = 1000;
/** The Update Profile dialog closes this long after a successful update. */
export const PROFILE_CLOSE_DELAY_MS = 3000;

/**
 * An avatar's public file name: a random UUID the server chose, and the extension of the stored
 * format. Anything else names no avatar.
 */
export const AVATAR_FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** GET /api/avatars/:file. The name is checked against AVATAR_FILE_PATTERN by the route (404 otherwise). */
export const ZAvatarFileParams = z.strictObject({
  file: z.string().max(64, { error: 'errors.notFound' satisfies TMessageKey }),
});

/** PUT /api/user/profile/:userId: one file part named `image` and nothing else. */
export const ZAvatarUploadBody = z.strictObject({ image: zUpload('profile.imageRequired') });
/** What the web sends: the picture as a Blob (a File). */
export type TAvatarUploadInput = z.input<typeof ZAvatarUploadBody>;

/** PUT /api/user/profile/:userId answers the message and the user with their new `profile` URL. */
export const ZAvatarUploadResponse = z.object({ message: z.string(), user: ZUser });
export type TAvatarUploadResponse = z.infer<typeof ZAvatarUploadResponse>;

/** GET and PUT /api/admin/:id. */
export const ZAdminIdParams = z.strictObject({ id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }) });

/**
 * An admin's own profile: the registration rules and words for the
 * fields the admin profile shows. An admin has no country or address to keep.
 */
export const ZAdminProfileUpdateInput = ZRegisterInput.pick({
  firstname: true,
  lastname: true,
  username: true,
  email: true,
  phone: true,
});
export type TAdminProfileUpdateInput = z.input<typeof ZAdminProfileUpdateInput>;

export const ZAdminProfileUpdateResponse = z.object({ message: z.string(), user: ZUser });
export type TAdminProfileUpdateResponse = z.infer<typeof ZAdminProfileUpdateResponse>;

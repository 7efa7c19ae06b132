import { ZUser, ZUserIdParams } from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZLanguageInput } from '../mail.ts';
import {
  ZAdminIdParams,
  ZAdminProfileUpdateInput,
  ZAdminProfileUpdateResponse,
  ZAvatarFileParams,
  ZAvatarUploadBody,
  ZAvatarUploadResponse,
} from '../profile.ts';

/** A client's record, avatars of clients and admins, and an admin's own profile. */
const tag = 'profile';

export const getClient = defineEndpoint({
  method: 'GET',
  path: '/client/:userId',
  tag: 'clients',
  summary: 'One client with their plan',
  params: ZUserIdParams,
  response: ZUser,
  errors: [401, 403, 404],
});

export const uploadAvatar = defineEndpoint({
  method: 'PUT',
  path: '/user/profile/:userId',
  tag,
  summary: 'Upload a new avatar (the user themself or an admin): multipart with one image file',
  params: ZUserIdParams,
  body: ZAvatarUploadBody,
  encodings: ['multipart'],
  response: ZAvatarUploadResponse,
  errors: [400, 401, 403, 404, 413],
  permission: 'clients.manage',
});

export const getAvatar = defineEndpoint({
  method: 'GET',
  path: '/avatars/:file',
  tag,
  summary: 'An avatar image, by the unguessable name the upload gave it (public, cached for a year)',
  params: ZAvatarFileParams,
  produces: 'image',
  errors: [404],
});

export const getAdminProfile = defineEndpoint({
  method: 'GET',
  path: '/admin/:id',
  tag,
  summary: 'An admin’s profile',
  params: ZAdminIdParams,
  response: ZUser,
  errors: [400, 401, 403, 404],
  permission: 'profile.own',
});

export const updateAdminProfile = defineEndpoint({
  method: 'PUT',
  path: '/admin/:id',
  tag,
  summary: 'Update one’s own admin profile (only the admin themself)',
  params: ZAdminIdParams,
  body: ZAdminProfileUpdateInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZAdminProfileUpdateResponse,
  errors: [400, 401, 403, 404, 409],
  permission: 'profile.own',
});

export const setLanguage = defineEndpoint({
  method: 'PUT',
  path: '/me/language',
  tag,
  summary: "The signed-in person's language, chosen in the language picker: mail to them is written in it",
  body: ZLanguageInput,
  encodings: ['json'],
  response: ZMessage,
  errors: [400, 401],
});

import { ZUser, ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import {
  ZAdminIdParams,
  ZAdminProfileUpdateInput,
  ZAdminProfileUpdateResponse,
  ZAvatarFileParams,
  ZAvatarUploadResponse,
} from '@meridian/contracts/profile';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { uploadedFile } from '../../lib/uploads.ts';
import { avatarKeyOf, getAdmin, updateAdminProfile, uploadAvatar } from '../../modules/profile/profile.service.ts';
import { assertSelfOrAdmin, callerOf } from '../../plugins/auth.ts';

/** The avatar upload: one file part named `image` and nothing else. */
export const ZAvatarUploadBody = z.strictObject({ image: uploadedFile('profile.imageRequired') });

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['profile'];
const security = [{ bearerAuth: [] }];

/** Profiles and avatars of clients and admins (spec 01 §2 "Profile", spec 02 §2 "Admin profile and password"). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/profile/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'Upload a new avatar (the user themself or an admin): multipart with one image file',
        security,
        consumes: ['multipart/form-data'],
        params: ZUserIdParams,
        body: ZAvatarUploadBody,
        response: { 200: ZAvatarUploadResponse, ...errors, 413: ZApiError },
      },
    },
    async (request) => {
      const caller = assertSelfOrAdmin(request, request.params.userId);
      const deps = { db: app.db, files: app.files, log: request.log };
      const user = await uploadAvatar(deps, caller, request.params.userId, request.body.image);
      return { message: messageText('profile.pictureUploaded'), user };
    },
  );

  // Public on purpose: see "capability URL" in modules/profile/profile.service.ts.
  app.get(
    '/avatars/:file',
    {
      schema: {
        tags,
        summary: 'An avatar image, by the unguessable name the upload gave it (public, cached for a year)',
        params: ZAvatarFileParams,
        produces: ['image/jpeg', 'image/png', 'image/webp'],
        response: { 404: ZApiError },
      },
    },
    async (request, reply) => {
      const key = avatarKeyOf(request.params.file);
      const stored = key ? await app.files.get(key) : undefined;
      if (!stored) throw notFound();
      // Bytes, not JSON: the typed reply only knows the JSON answers of the schema.
      const bytes: FastifyReply = reply;
      return bytes
        .header('content-type', stored.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stored.data);
    },
  );

  app.get(
    '/admin/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'An admin’s profile',
        security,
        params: ZAdminIdParams,
        response: { 200: ZUser, ...errors },
      },
    },
    async (request) => getAdmin(app.db, request.params.id),
  );

  app.put(
    '/admin/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Update one’s own admin profile (only the admin themself)',
        security,
        consumes: FORMS,
        params: ZAdminIdParams,
        body: ZAdminProfileUpdateInput,
        response: { 200: ZAdminProfileUpdateResponse, ...errors, 409: ZApiError },
      },
    },
    async (request) => {
      const user = await updateAdminProfile(app.db, callerOf(request), request.params.id, request.body);
      return { message: messageText('profile.updated'), user };
    },
  );
};

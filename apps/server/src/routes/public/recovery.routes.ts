import { ZAuthResponse } from '@meridian/contracts/auth';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { ZResetPasswordInput, ZTempLoginInput, ZUnlockRequestFields } from '@meridian/contracts/recovery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../../config.ts';
import { uploadedFile } from '../../lib/uploads.ts';
import type { AuthService } from '../../modules/auth/auth.service.ts';
import { redeemTempCode, resetPassword, submitRequest } from '../../modules/recovery/recovery.service.ts';
import { setSessionCookie } from './auth.routes.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const tags = ['recovery'];
const errors = { 400: ZApiError, 403: ZApiError, 413: ZApiError, 429: ZApiError };

/** The email (text part) and the photo (file part) of an unlock or password recovery request. */
export const ZUnlockRequestUpload = ZUnlockRequestFields.extend({
  verificationImage: uploadedFile('recovery.fieldsRequired'),
});

/**
 * Regaining access without a password (spec 01 §4 "Account lock", "Password recovery", §7): public,
 * rate-limited per IP like sign-in. Requests answer the same whether or not the email has an account.
 */
export const recoveryRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: TConfig }> = async (
  app,
  { auth, config },
) => {
  const limit = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const deps = { db: app.db, mail: app.mail, files: app.files, log: app.log };

  app.post(
    '/unlock/request',
    {
      config: limit,
      schema: {
        tags,
        summary: 'Ask an admin to unlock a locked account (email + photo; same answer for any email)',
        consumes: ['multipart/form-data'],
        body: ZUnlockRequestUpload,
        response: { 201: ZMessage, ...errors },
      },
    },
    async (request, reply) => {
      const { email, verificationImage } = request.body;
      await submitRequest(deps, { email, image: verificationImage, kind: 'unlock' });
      return reply.status(201).send({ message: messageText('recovery.unlockSubmitted') });
    },
  );

  app.post(
    '/unlock/forgot-password',
    {
      config: limit,
      schema: {
        tags,
        summary: 'Ask an admin for a temporary login code after a forgotten password (email + photo)',
        consumes: ['multipart/form-data'],
        body: ZUnlockRequestUpload,
        response: { 201: ZMessage, ...errors },
      },
    },
    async (request, reply) => {
      const { email, verificationImage } = request.body;
      await submitRequest(deps, { email, image: verificationImage, kind: 'password' });
      return reply.status(201).send({ message: messageText('recovery.passwordRequestSubmitted') });
    },
  );

  app.post(
    '/unlock/temp-login',
    {
      config: limit,
      schema: {
        tags,
        summary: 'Sign in with an emailed temporary code; lifts the sign-in lock',
        consumes: FORMS,
        body: ZTempLoginInput,
        response: { 200: ZAuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await redeemTempCode(deps, request.body);
      const session = await auth.signInVerified(userId);
      setSessionCookie(config, request, reply, session);
      return session.auth;
    },
  );

  app.post(
    '/user/resetpswd',
    {
      config: limit,
      schema: {
        tags,
        summary: 'Set a new password with the token of an emailed reset link (single use, 1 hour)',
        consumes: FORMS,
        body: ZResetPasswordInput,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return { message: messageText('recovery.resetSuccess') };
    },
  );
};

import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import {
  ZKyc,
  ZKycApproveInput,
  ZKycList,
  ZKycListQuery,
  ZKycParams,
  ZKycRejectInput,
  ZKycStatusAnswer,
  ZKycSubmitFields,
} from '@meridian/contracts/kyc';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.ts';
import { uploadedFile } from '../../lib/uploads.ts';
import { decideKyc, kycById, kycImage, kycStatusOf, listKyc, submitKyc } from '../../modules/kyc/kyc.service.ts';
import { assertSelfOrAdmin, callerOf } from '../../plugins/auth.ts';

/** POST kyc/submit/{userId}: the form's text fields and its two images, as multipart parts. */
export const ZKycSubmitBody = ZKycSubmitFields.extend({
  documentImage: uploadedFile('kyc.imagesRequired'),
  selfieImage: uploadedFile('kyc.imagesRequired'),
});

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['kyc'];
const security = [{ bearerAuth: [] }];

/** KYC submission and status for clients, review for admins (spec 01 §7 and spec 02 §7 KYC calls). */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/kyc/submit/:userId',
    {
      onRequest: app.requireRole('Client'),
      schema: {
        tags,
        summary: 'Submit KYC: text fields plus documentImage and selfieImage (the client themself only)',
        security,
        consumes: ['multipart/form-data'],
        params: ZUserIdParams,
        body: ZKycSubmitBody,
        response: { 201: ZMessage, ...errors, 409: ZApiError, 413: ZApiError },
      },
    },
    async (request, reply) => {
      if (callerOf(request).id !== request.params.userId) throw forbidden('kyc.ownOnly');
      const { documentImage, selfieImage, ...fields } = request.body;
      await submitKyc(app.db, app.files, request.params.userId, fields, { documentImage, selfieImage });
      return reply.status(201).send({ message: messageText('kyc.submitted') });
    },
  );

  app.get(
    '/kyc/user/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: "A user's KYC status and latest submission (self or admin)",
        security,
        params: ZUserIdParams,
        response: { 200: ZKycStatusAnswer, ...errors },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      return kycStatusOf(app.db, request.params.userId);
    },
  );

  app.get(
    '/kyc/pending',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Pending KYC submissions, newest first (admin)',
        security,
        querystring: ZKycListQuery.omit({ status: true }),
        response: { 200: ZKycList, ...errors },
      },
    },
    async (request) => listKyc(app.db, { ...request.query, status: 'pending' }),
  );

  app.get(
    '/kyc/all',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'All KYC submissions, or those of one status, newest first (admin)',
        security,
        querystring: ZKycListQuery,
        response: { 200: ZKycList, ...errors },
      },
    },
    async (request) => listKyc(app.db, request.query),
  );

  app.get(
    '/kyc/:kycId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'One KYC submission (its owner or an admin)',
        security,
        params: ZKycParams,
        response: { 200: ZKyc, ...errors },
      },
    },
    async (request) => kycById(app.db, callerOf(request), request.params.kycId),
  );

  const sendImage = (which: 'document' | 'selfie') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { kycId } = request.params as { kycId: string };
    const file = await kycImage(app.db, app.files, callerOf(request), kycId, which);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .send(file.data);
  };

  for (const which of ['document', 'selfie'] as const) {
    app.get(
      `/kyc/:kycId/${which}-image`,
      {
        onRequest: app.requireRole('Client', 'Admin'),
        schema: {
          tags,
          summary: `The ${which} image of a KYC submission (its owner or an admin)`,
          security,
          params: ZKycParams,
          response: errors,
        },
      },
      sendImage(which),
    );
  }

  app.put(
    '/kyc/approve/:kycId',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Approve a pending KYC submission; notes optional (admin)',
        security,
        params: ZKycParams,
        body: ZKycApproveInput,
        response: { 200: ZMessage, ...errors, 409: ZApiError },
      },
    },
    async (request) => {
      await decideKyc(app.db, callerOf(request).id, request.params.kycId, 'approved', request.body.notes);
      return { message: messageText('kyc.approved') };
    },
  );

  app.put(
    '/kyc/reject/:kycId',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Reject a pending KYC submission; the reason is required (admin)',
        security,
        params: ZKycParams,
        body: ZKycRejectInput,
        response: { 200: ZMessage, ...errors, 409: ZApiError },
      },
    },
    async (request) => {
      await decideKyc(app.db, callerOf(request).id, request.params.kycId, 'rejected', request.body.notes);
      return { message: messageText('kyc.rejected') };
    },
  );
};

import { getKyc, getKycStatus, KYC_IMAGE_ENDPOINTS, submitKyc } from '@meridian/contracts/endpoints/kyc';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as kyc from '../../modules/back-office/kyc/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * KYC for the client: submitting (the client themself only, not even an admin for them), their
 * status, and a submission with its images (its owner or an admin; anyone else gets 404).
 */
export const kycClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    submitKyc,
    async (request) => {
      await kyc.submitKyc(app.db, app.files, request.params.userId, request.body);
      return { message: messageText('kyc.submitted') };
    },
    { config: { callers: ['Client'] } },
  );
  route(app, getKycStatus, (request) => kyc.kycStatusOf(app.db, request.params.userId));
  route(app, getKyc, (request) => kyc.kycById(app.db, callerOf(request), request.params.kycId));

  for (const which of ['document', 'selfie'] as const) {
    route(app, KYC_IMAGE_ENDPOINTS[which], async (request, reply) => {
      const file = await kyc.kycImage(app.db, app.files, callerOf(request), request.params.kycId, which);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(file.data);
    });
  }
};

import { approveKyc, getAllKyc, getPendingKyc, rejectKyc } from '@meridian/contracts/endpoints/kyc';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as kyc from '../../modules/back-office/kyc/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** KYC review: the pending and full lists, and the decision (the reviewer is the caller). */
export const kycAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getPendingKyc, (request) => kyc.listKyc(app.db, { ...request.query, status: 'pending' }));
  route(app, getAllKyc, (request) => kyc.listKyc(app.db, request.query));
  route(app, approveKyc, async (request) => {
    await kyc.decideKyc(app.db, app.mail, callerOf(request).id, request.params.kycId, 'approved', request.body.notes);
    return { message: messageText('kyc.approved') };
  });
  route(app, rejectKyc, async (request) => {
    await kyc.decideKyc(app.db, app.mail, callerOf(request).id, request.params.kycId, 'rejected', request.body.notes);
    return { message: messageText('kyc.rejected') };
  });
};

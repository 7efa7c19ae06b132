import { approveApproval, getApprovals, rejectApproval } from '@meridian/contracts/endpoints/approvals';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as approvals from '../../modules/money/approvals/index.ts';
import { runApprovedAction } from '../../modules/money/transaction-decisions/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Approvals: the four-eyes queue and its decisions (docs/money.md, "Four-eyes approval"). */
export const approvalsAdminRoutes: FastifyPluginAsync = async (app) => {
  const run = runApprovedAction(app.mail);

  route(app, getApprovals, (request) => approvals.pageApprovals(app.db, request.query));

  route(app, approveApproval, async (request, _reply, { db }) => ({
    message: messageText('approvals.approved'),
    approval: await approvals.approve(db, callerOf(request).id, request.params.id, run),
  }));

  route(app, rejectApproval, async (request) => ({
    message: messageText('approvals.rejected'),
    approval: await approvals.reject(app.db, callerOf(request).id, request.params.id, request.body.note),
  }));
};

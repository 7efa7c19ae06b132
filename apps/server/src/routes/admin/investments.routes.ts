import { getInvestments, setInvestmentStatus } from '@meridian/contracts/endpoints/investments';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as investments from '../../modules/investing/investments/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Investment Management: every client's investments, and approving or declining one. */
export const investmentsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getInvestments, (request) => investments.pageInvestments(app.db, request.query));
  route(app, setInvestmentStatus, async (request, _reply, { db }) => ({
    message: messageText('investments.statusUpdated'),
    investment: await investments.setInvestmentStatus(
      db,
      app.mail,
      callerOf(request).id,
      request.params.id,
      request.body.status,
    ),
  }));
};

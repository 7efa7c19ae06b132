import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZBalanceSummary } from '@meridian/contracts/balances';
import { ZApiError } from '@meridian/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balanceSummaryOf } from '../../modules/balances/balances.service.ts';
import { assertSelfOrAdmin } from '../../plugins/auth.ts';

/** The Balance page and dashboard totals (spec 01 §2 Balance page, DESIGN §4). */
export const balancesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balance/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags: ['balances'],
        summary: 'Every part of a client’s money and the totals of their deposits, withdrawals and investments',
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        response: { 200: ZBalanceSummary, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      return balanceSummaryOf(app.db, request.params.userId);
    },
  );
};

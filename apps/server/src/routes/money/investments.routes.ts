import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError } from '@meridian/contracts/errors';
import { ZPageQuery } from '@meridian/contracts/pagination';
import { ZInvestmentPage } from '@meridian/contracts/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listTransactions } from '../../modules/transactions/transactions.service.ts';
import { assertSelfOrAdmin } from '../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['investments'];
const security = [{ bearerAuth: [] }];

/** The Investments tabs of the client's and the admin's history (investments are transactions). */
export const investmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/investment/user/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'A client’s investments, newest first',
        security,
        params: ZUserIdParams,
        querystring: ZPageQuery,
        response: { 200: ZInvestmentPage, ...errors },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      const { items, totalPage } = await listTransactions(
        app.db,
        { userId: request.params.userId, type: 'Investment' },
        request.query,
        { withUser: false },
      );
      return { investments: items, totalPage };
    },
  );

  app.get(
    '/investment',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Every investment, newest first, with its client',
        security,
        querystring: ZPageQuery,
        response: { 200: ZInvestmentPage, ...errors },
      },
    },
    async (request) => {
      const { items, totalPage } = await listTransactions(app.db, { type: 'Investment' }, request.query, {
        withUser: true,
      });
      return { investments: items, totalPage };
    },
  );
};

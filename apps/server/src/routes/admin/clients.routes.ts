import { ZUserIdParams } from '@meridian/contracts/auth';
import {
  ZAdminStats,
  ZClientList,
  ZClientListQuery,
  ZClientSearchQuery,
  ZCreateClientInput,
  ZCreateClientResponse,
  ZStatsSeries,
  ZStatsSeriesQuery,
} from '@meridian/contracts/clients';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../../modules/auth/auth.service.ts';
import { closeClient, createClient, listClients, searchClients } from '../../modules/clients/clients.service.ts';
import { adminStats, statsSeries } from '../../modules/clients/stats.repository.ts';
import { callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['clients'];
const security = [{ bearerAuth: [] }];

/**
 * Client management and the dashboard's numbers (spec 02 §2 Dashboard, §5, §7): list, search, Add
 * client, Delete (close) client, summary cards and charts. Admins only.
 */
export const clientsRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/client',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Open client accounts, newest first (paged with ?page&limit)',
        security,
        querystring: ZClientListQuery,
        response: { 200: ZClientList, ...errors },
      },
    },
    (request) => listClients(app.db, request.query),
  );

  app.get(
    '/client/search',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Open client accounts whose name, email, username or phone contains the text',
        security,
        querystring: ZClientSearchQuery,
        response: { 200: ZClientList, ...errors },
      },
    },
    (request) => searchClients(app.db, request.query),
  );

  app.post(
    '/admin/client',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Add client: a new Client account with the password the admin set',
        security,
        consumes: FORMS,
        body: ZCreateClientInput,
        response: { 201: ZCreateClientResponse, ...errors, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const user = await createClient(app.db, auth, callerOf(request).id, request.body);
      return reply.status(201).send({ message: messageText('auth.accountCreated'), user });
    },
  );

  app.delete(
    '/client/:userId',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Delete client: close the account and erase personal data (refused while it holds money)',
        security,
        params: ZUserIdParams,
        response: { 200: ZMessage, ...errors, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) => {
      await closeClient(
        { db: app.db, files: app.files, log: request.log },
        callerOf(request).id,
        request.params.userId,
      );
      return { message: messageText('clients.deleted') };
    },
  );

  app.get(
    '/admin/stats',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Dashboard summary cards: clients and totals in USD',
        security,
        response: { 200: ZAdminStats, ...errors },
      },
    },
    () => adminStats(app.db),
  );

  app.get(
    '/admin/stats/series',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Dashboard charts: per-day deposits, withdrawals and investments (USD)',
        security,
        querystring: ZStatsSeriesQuery,
        response: { 200: ZStatsSeries, ...errors },
      },
    },
    async (request) => ({ days: await statsSeries(app.db, request.query.days) }),
  );
};

import {
  closeClient,
  createClient,
  getAdminStats,
  getClients,
  getStatsSeries,
  searchClients,
} from '@meridian/contracts/endpoints/clients';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as clients from '../../modules/back-office/clients/index.ts';
import { dashboardSeries, dashboardStats } from '../../modules/back-office/clients/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * Client management and the dashboard's numbers: list, search, Add client, Delete (close) client,
 * summary cards and charts.
 */
export const clientsAdminRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  route(app, getClients, (request) => clients.listClients(app.db, request.query));
  route(app, searchClients, (request) => clients.searchClients(app.db, request.query));
  route(app, createClient, async (request) => ({
    message: messageText('auth.accountCreated'),
    user: await clients.createClient(app.db, auth, callerOf(request).id, request.body),
  }));
  route(app, closeClient, async (request) => {
    await clients.closeClient(
      { db: app.db, auth, files: app.files, log: request.log },
      callerOf(request).id,
      request.params.userId,
    );
    return { message: messageText('clients.deleted') };
  });
  route(app, getAdminStats, () => dashboardStats(app.db));
  route(app, getStatsSeries, (request) => dashboardSeries(app.db, request.query.days));
};

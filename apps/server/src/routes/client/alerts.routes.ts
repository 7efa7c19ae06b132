import { createPriceAlert, deletePriceAlert, getPriceAlerts } from '@meridian/contracts/endpoints/alerts';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as alerts from '../../modules/trading/alerts/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The client's own price alerts: the list, setting one and deleting one. */
export const alertsClientRoutes: FastifyPluginAsync = async (app) => {
  const deps = { market: app.market, alerts: app.alerts };
  const clients = { config: { callers: ['Client' as const] } };
  route(app, getPriceAlerts, (request) => alerts.listAlerts(app.db, callerOf(request).id), clients);
  route(
    app,
    createPriceAlert,
    async (request) => ({
      message: messageText('alerts.created'),
      alert: await alerts.createAlert(app.db, deps, callerOf(request).id, request.body),
    }),
    clients,
  );
  route(
    app,
    deletePriceAlert,
    async (request) => {
      await alerts.deleteAlert(app.db, deps, callerOf(request).id, request.params.id);
      return { message: messageText('alerts.deleted') };
    },
    clients,
  );
};

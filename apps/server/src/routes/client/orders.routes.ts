import { cancelOrder, editOrder, getOwnOrders, placeOrder } from '@meridian/contracts/endpoints/orders';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as orders from '../../modules/trading/orders/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The client's own pending orders: placing, listing, changing and cancelling them. */
export const ordersClientRoutes: FastifyPluginAsync = async (app) => {
  const deps = { market: app.market, commissionBps: app.config.COMMISSION_BPS, orders: app.orders };
  const clients = { config: { callers: ['Client' as const] } };
  route(
    app,
    placeOrder,
    async (request, _reply, { db }) => ({
      message: messageText('orders.placed'),
      order: await orders.placeOrder(db, deps, callerOf(request).id, request.body),
    }),
    clients,
  );
  route(app, getOwnOrders, (request) => orders.pageOrders(app.db, request.query, callerOf(request).id), clients);
  route(
    app,
    editOrder,
    async (request) => ({
      message: messageText('orders.updated'),
      order: await orders.editOrder(app.db, deps, callerOf(request).id, request.params.id, request.body),
    }),
    clients,
  );
  route(
    app,
    cancelOrder,
    async (request, _reply, { db }) => ({
      message: messageText('orders.cancelled'),
      order: await orders.cancelOrder(db, deps, callerOf(request).id, request.params.id),
    }),
    clients,
  );
};

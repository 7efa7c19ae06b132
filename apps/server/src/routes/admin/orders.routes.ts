import { getAllOrders } from '@meridian/contracts/endpoints/orders';
import type { FastifyPluginAsync } from 'fastify';
import * as orders from '../../modules/trading/orders/index.ts';
import { route } from '../route.ts';

/** The desk's view of every client's pending orders, and of those ended. */
export const ordersAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getAllOrders, (request) => orders.pageOrders(app.db, request.query));
};

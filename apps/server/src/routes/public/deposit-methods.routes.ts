import { getDepositMethod, getDepositMethodQr, getDepositMethods } from '@meridian/contracts/endpoints/methods';
import type { FastifyPluginAsync } from 'fastify';
import * as methods from '../../modules/money/methods/index.ts';
import { route } from '../route.ts';

/** Where clients send funds: public, the deposit dialog and the invest-via-deposit list read it without a token. */
export const depositMethodsPublicRoutes: FastifyPluginAsync = async (app) => {
  route(app, getDepositMethods, () => methods.readDepositMethods(app.db));
  route(app, getDepositMethod, (request) => methods.readDepositMethod(app.db, request.params.id));
  route(app, getDepositMethodQr, (request) => methods.readDepositMethodQr(app.db, request.params.id));
};

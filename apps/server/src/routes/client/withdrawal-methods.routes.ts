import { getWithdrawalMethod, getWithdrawalMethods } from '@meridian/contracts/endpoints/methods';
import type { FastifyPluginAsync } from 'fastify';
import * as methods from '../../modules/money/methods/index.ts';
import { route } from '../route.ts';

/** How clients take money out: any signed-in client or admin reads the live methods. */
export const withdrawalMethodsClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getWithdrawalMethods, () => methods.readWithdrawalMethods(app.db));
  route(app, getWithdrawalMethod, (request) => methods.readWithdrawalMethod(app.db, request.params.id));
};

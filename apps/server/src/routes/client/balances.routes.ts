import { getBalance, getEquity } from '@meridian/contracts/endpoints/balances';
import type { FastifyPluginAsync } from 'fastify';
import { balanceSummaryOf, equityOf } from '../../modules/money/balances/index.ts';
import { route } from '../route.ts';

/**
 * The Balance page, the account header of the dashboard and the Balance page: a client's own money,
 * or any client's for an admin.
 */
export const balancesClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getBalance, (request) => balanceSummaryOf(app.db, request.params.userId), { compiled: true });
  route(app, getEquity, (request) =>
    equityOf(
      app.db,
      app.market,
      { callLevel: app.config.MARGIN_CALL_LEVEL, closeOutLevel: app.config.MARGIN_CLOSE_OUT_LEVEL },
      request.params.userId,
    ),
  );
};

import { closePositionAtMarket, getPositions } from '@meridian/contracts/endpoints/positions';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as positions from '../../modules/trading/positions/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Position Management: every client's positions, and Close at market with a reason. */
export const positionsAdminRoutes: FastifyPluginAsync = async (app) => {
  const deps = { market: app.market, commissionBps: app.config.COMMISSION_BPS, exits: app.exits, mail: app.mail };
  route(app, getPositions, (request) => positions.pagePositions(app.db, request.query));
  route(app, closePositionAtMarket, async (request, _reply, { db }) => ({
    message: messageText('positions.positionClosedAtMarket'),
    position: await positions.closeAtMarket(db, deps, callerOf(request).id, request.params.id, request.body.reason),
  }));
};

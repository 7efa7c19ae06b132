import {
  getDueTrades,
  getPendingTrades,
  getRejectedTrades,
  processDueTrades,
  rejectTrade,
} from '@meridian/contracts/endpoints/payouts';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as payouts from '../../modules/investing/payouts/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Trade Log, Due trades, Rejected trades: the payouts of approved investments, paid or rejected here. */
export const payoutsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getPendingTrades, (request) => payouts.listPayouts(app.db, 'pending', request.query));
  route(app, getDueTrades, (request) => payouts.listPayouts(app.db, 'due', request.query));
  route(app, getRejectedTrades, (request) => payouts.listPayouts(app.db, 'rejected', request.query));
  route(app, processDueTrades, async (request) => ({
    message: messageText('investments.tradesProcessed'),
    processed: await payouts.processAllDue(app.db, app.mail, callerOf(request).id),
  }));
  route(app, rejectTrade, async (request) => ({
    message: messageText('investments.tradeRejected'),
    trade: await payouts.rejectPayout(app.db, app.mail, callerOf(request).id, request.params.id, request.body.reason),
  }));
};

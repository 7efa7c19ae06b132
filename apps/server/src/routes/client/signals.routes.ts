import { getActiveSignals, getMySignalTrades, joinSignal } from '@meridian/contracts/endpoints/signals';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as signals from '../../modules/trading/signals/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Trading Signals for clients: the open signals, joining one, and My Signal Trades. */
export const signalsClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getActiveSignals, async (request) => ({
    signals: await signals.listOpenSignals(app.db, callerOf(request).id),
  }));
  route(
    app,
    joinSignal,
    async (request, _reply, { db }) => ({
      message: messageText('signals.signalJoined'),
      trade: await signals.joinSignal(db, callerOf(request), request.params.id, request.body.entryAmount),
    }),
    { config: { callers: ['Client'], verifiedEmail: true } },
  );
  route(app, getMySignalTrades, async (request) => ({ trades: await signals.myTrades(app.db, callerOf(request).id) }), {
    config: { callers: ['Client'] },
  });
};

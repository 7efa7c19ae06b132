import { createSignal, getAllSignals, getSignalEvidence, setSignalResult } from '@meridian/contracts/endpoints/signals';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as signals from '../../modules/trading/signals/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Create Signal and the Signal List: every signal, its price evidence, and settling it as the prices say. */
export const signalsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, createSignal, async (request) => ({
    message: messageText('signals.signalCreated'),
    signal: await signals.createSignal(app.db, callerOf(request).id, request.body),
  }));
  route(app, getAllSignals, async () => ({ signals: await signals.listAllSignals(app.db) }));
  route(app, getSignalEvidence, (request) => signals.signalEvidenceOf(app.db, app.market, request.params.id));
  route(app, setSignalResult, async (request, _reply, { db }) => ({
    message: messageText('signals.signalMarked', { result: request.body.result }),
    signal: await signals.setSignalResult(
      db,
      app.market,
      app.mail,
      callerOf(request).id,
      request.params.id,
      request.body.result,
    ),
  }));
};

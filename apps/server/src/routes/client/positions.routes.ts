import {
  closeOwnPosition,
  getPosition,
  getTradingTerms,
  getUserPositions,
  openPosition,
  setPositionProtection,
} from '@meridian/contracts/endpoints/positions';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as positions from '../../modules/trading/positions/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * The client's positions: opening and closing their own, setting their take-profit and stop-loss, the
 * Positions page and one position's page (an admin reads any client's).
 */
export const positionsClientRoutes: FastifyPluginAsync = async (app) => {
  const deps = { market: app.market, commissionBps: app.config.COMMISSION_BPS, exits: app.exits, mail: app.mail };
  route(
    app,
    openPosition,
    async (request, _reply, { db }) => ({
      message: messageText('positions.positionOpened'),
      position: await positions.openPosition(db, deps, callerOf(request), request.body),
    }),
    { config: { callers: ['Client'], verifiedEmail: true }, batchBy: (request) => [callerOf(request).id] },
  );
  route(
    app,
    getTradingTerms,
    () => ({
      commissionBps: app.config.COMMISSION_BPS,
      marginCallLevel: app.config.MARGIN_CALL_LEVEL,
      closeOutLevel: app.config.MARGIN_CLOSE_OUT_LEVEL,
    }),
    { config: { callers: ['Client'] } },
  );
  route(app, getUserPositions, (request) => positions.pagePositions(app.db, request.query, request.params.userId));
  route(app, getPosition, (request) => positions.readPosition(app.db, callerOf(request), request.params.id));
  route(
    app,
    closeOwnPosition,
    async (request, _reply, { db }) => ({
      message: messageText('positions.positionClosed'),
      position: await positions.closeOwnPosition(db, deps, callerOf(request), request.params.id),
    }),
    { config: { callers: ['Client'] } },
  );
  route(
    app,
    setPositionProtection,
    async (request) => ({
      message: messageText('positions.protectionSaved'),
      position: await positions.setOwnProtection(app.db, deps, callerOf(request), request.params.id, request.body),
    }),
    { config: { callers: ['Client'] } },
  );
};

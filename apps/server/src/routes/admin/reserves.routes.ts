import {
  declareReserve,
  getReservesOverview,
  removeReserveDeclaration,
  takeReserveSnapshot,
} from '@meridian/contracts/endpoints/reserves';
import { messageText } from '@meridian/contracts/messages';
import { toCents } from '@meridian/contracts/money';
import type { FastifyPluginAsync } from 'fastify';
import * as reserves from '../../modules/money/reserves/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Proof of reserves in the back office (docs/money.md, "Proof of reserves"). */
export const reservesAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getReservesOverview, () => reserves.reservesOverview(app.db, app.config.RESERVES_PUBLIC));

  route(app, takeReserveSnapshot, async (request) => {
    const snapshot = await reserves.takeSnapshot(app.db, callerOf(request).id, {
      rpcTimeoutMs: app.config.CHAIN_RPC_TIMEOUT_MS,
      // The coin is valued as the chain watcher values a deposit: at the ETH/USD bid now.
      coinBidCents: () => {
        const bid = app.market.priceNow('ETH/USD')?.bid;
        return bid === undefined ? null : toCents(bid);
      },
    });
    return { message: messageText('reserves.snapshotTaken'), snapshot };
  });

  route(app, declareReserve, async (request) => {
    const declaration = await reserves.declareReserve(app.db, callerOf(request).id, request.body);
    return { message: messageText('reserves.declared'), declaration };
  });

  route(app, removeReserveDeclaration, async (request) => {
    await reserves.removeDeclaration(app.db, callerOf(request).id, request.params.id);
    return { message: messageText('reserves.removed') };
  });
};

import { getChainWatch, setChainWatch } from '@meridian/contracts/endpoints/chain-deposits';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as chainDeposits from '../../modules/money/chain-deposits/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The chain watch of a deposit method (docs/operations.md, "Watched deposit methods"); audited. */
export const chainWatchAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getChainWatch, (request) => chainDeposits.readChainWatch(app.db, request.params.id));
  route(app, setChainWatch, async (request) => ({
    message: messageText('deposits.chainWatchSaved'),
    watch: await chainDeposits.setChainWatch(app.db, callerOf(request).id, request.params.id, request.body),
  }));
};

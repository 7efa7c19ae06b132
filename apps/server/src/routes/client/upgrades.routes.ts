import { getMyUpgradeRequest, requestUpgrade } from '@meridian/contracts/endpoints/upgrades';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as upgrades from '../../modules/investing/upgrades/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Upgrade to Plan (the client themself) and their latest request (an admin reads any client's). */
export const upgradesClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    requestUpgrade,
    async (request) => {
      await upgrades.requestUpgrade(app.db, callerOf(request), request.body);
      return { message: messageText('investments.upgradeRequested') };
    },
    { config: { callers: ['Client'] } },
  );
  route(app, getMyUpgradeRequest, (request) => upgrades.myUpgradeRequest(app.db, request.params.userId));
};

import { approveUpgrade, getUpgradeRequests, rejectUpgrade } from '@meridian/contracts/endpoints/upgrades';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as upgrades from '../../modules/investing/upgrades/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Plan upgrades: the pending requests, approving one with a chosen plan, rejecting one with a reason. */
export const upgradesAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getUpgradeRequests, () => upgrades.pendingUpgradeRequests(app.db));
  route(app, approveUpgrade, async (request) => {
    await upgrades.approveUpgrade(app.db, app.mail, callerOf(request).id, request.body);
    return { message: messageText('investments.upgradeApproved') };
  });
  route(app, rejectUpgrade, async (request) => {
    await upgrades.rejectUpgrade(app.db, app.mail, callerOf(request).id, request.body);
    return { message: messageText('investments.upgradeRejected') };
  });
};

import { createDeposit, getUserDeposits } from '@meridian/contracts/endpoints/deposits';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as deposits from '../../modules/deposits/deposits.service.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Make Deposit: a client declares a deposit and reads their own. */
export const depositsClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    createDeposit,
    async (request) => ({
      message: messageText('deposits.depositCreated'),
      deposit: await deposits.createDeposit(request.db, callerOf(request), request.body),
    }),
    { config: { callers: ['Client'] } },
  );
  route(app, getUserDeposits, (request) => deposits.pageDeposits(app.db, request.query, request.params.userId));
};

import { createDeposit, getUserDeposits } from '@meridian/contracts/endpoints/deposits';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as deposits from '../../modules/money/deposits/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Make Deposit: a client declares a deposit and reads their own. */
export const depositsClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    createDeposit,
    async (request, _reply, { db }) => ({
      message: messageText('deposits.depositCreated'),
      deposit: await deposits.createDeposit(db, callerOf(request), request.body),
    }),
    { config: { callers: ['Client'], verifiedEmail: true } },
  );
  route(app, getUserDeposits, (request) => deposits.pageDeposits(app.db, request.query, request.params.userId));
};

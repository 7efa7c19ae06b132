import { createDeposit, getUserDeposits, setDepositReference } from '@meridian/contracts/endpoints/deposits';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as deposits from '../../modules/money/deposits/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Make Deposit: a client declares a deposit, gives its transfer reference, and reads their own. */
export const depositsClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    createDeposit,
    async (request, _reply, { db }) => ({
      message: messageText('deposits.depositCreated'),
      deposit: await deposits.createDeposit(db, callerOf(request), request.body),
    }),
    { config: { callers: ['Client'], verifiedEmail: true }, batchBy: (request) => [callerOf(request).id] },
  );
  route(
    app,
    setDepositReference,
    async (request) => ({
      message: messageText('deposits.referenceSaved'),
      deposit: await deposits.setDepositReference(app.db, callerOf(request), request.params.id, request.body),
    }),
    { config: { callers: ['Client'] } },
  );
  route(app, getUserDeposits, (request) => deposits.pageDeposits(app.db, request.query, request.params.userId));
};

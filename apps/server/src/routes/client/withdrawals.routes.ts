import {
  createWithdrawal,
  generateWithdrawalCode,
  getUserWithdrawals,
  getWithdrawalLimits,
  verifyWithdrawalCode,
} from '@meridian/contracts/endpoints/withdrawals';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as codes from '../../modules/money/withdrawals/index.ts';
import * as withdrawals from '../../modules/money/withdrawals/index.ts';
import { mailLanguage } from '../../modules/platform/mail/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * Make Withdrawal: the emailed code, its verification and the request that moves the amount into a
 * hold are the client's own (admins get 403); the list and the withdrawal limits with what is left
 * of them are the client's, or any client's for an admin.
 */
export const withdrawalsClientRoutes: FastifyPluginAsync = async (app) => {
  const own = { config: { callers: ['Client'] as const } };
  // The code starts a withdrawal and the request moves the money: both wait for a verified email.
  const moving = { config: { callers: ['Client'] as const, verifiedEmail: true } };
  const limits = withdrawals.withdrawalLimitsOf(app.config);
  route(
    app,
    generateWithdrawalCode,
    async (request) => {
      await codes.generateWithdrawalCode(
        app.db,
        app.mail,
        request.params.userId,
        mailLanguage(undefined, request.headers['accept-language']),
      );
      return { message: messageText('withdrawals.codeSent') };
    },
    moving,
  );
  route(
    app,
    verifyWithdrawalCode,
    async (request) => {
      await codes.verifyWithdrawalCode(app.db, request.params.userId, request.body.code);
      return { message: messageText('withdrawals.codeVerified') };
    },
    own,
  );
  route(
    app,
    createWithdrawal,
    async (request, _reply, { db }) => ({
      message: messageText('withdrawals.withdrawalInitiated'),
      withdrawal: await withdrawals.createWithdrawal(db, callerOf(request), request.body, {
        oneOffAddresses: app.config.WITHDRAWAL_ONE_OFF_ADDRESSES,
        limits,
      }),
    }),
    { ...moving, batchBy: (request) => [callerOf(request).id] },
  );
  route(app, getWithdrawalLimits, (request) => withdrawals.readWithdrawalLimits(app.db, request.params.userId, limits));
  route(app, getUserWithdrawals, (request) =>
    withdrawals.pageWithdrawals(app.db, callerOf(request), request.query, request.params.userId),
  );
};

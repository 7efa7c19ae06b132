import { getPayoutWatch, recordPayoutTx, setPayoutWatch } from '@meridian/contracts/endpoints/chain-payouts';
import { messageText } from '@meridian/contracts/messages';
import { toCents } from '@meridian/contracts/money';
import type { FastifyPluginAsync } from 'fastify';
import * as chainDeposits from '../../modules/money/chain-deposits/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * Withdrawals paid on chain (docs/money.md, "Withdrawals paid on chain"): a withdrawal method's chain
 * watch, and the payout transaction staff record on a pending withdrawal of it; both audited.
 */
export const chainPayoutsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getPayoutWatch, (request) => chainDeposits.readPayoutWatch(app.db, request.params.id));
  route(app, setPayoutWatch, async (request) => ({
    message: messageText('deposits.chainWatchSaved'),
    watch: await chainDeposits.setPayoutWatch(app.db, callerOf(request).id, request.params.id, request.body),
  }));
  route(app, recordPayoutTx, async (request, _reply, { db }) => ({
    message: messageText('withdrawals.payoutTxRecorded'),
    payout: await chainDeposits.recordPayoutTx(db, callerOf(request).id, request.params.id, request.body, () => {
      const bid = app.market.priceNow('ETH/USD')?.bid;
      return bid === undefined ? null : toCents(bid);
    }),
  }));
};

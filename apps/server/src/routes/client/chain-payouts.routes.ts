import { getPayoutTx } from '@meridian/contracts/endpoints/chain-payouts';
import type { FastifyPluginAsync } from 'fastify';
import * as chainDeposits from '../../modules/money/chain-deposits/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** A withdrawal's payout transaction as it confirms on chain: the client's own (staff read any). */
export const chainPayoutsClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getPayoutTx, (request) => chainDeposits.readPayoutTx(app.db, callerOf(request), request.params.id));
};

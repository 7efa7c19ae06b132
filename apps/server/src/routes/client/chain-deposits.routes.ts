import { getChainDepositAddress } from '@meridian/contracts/endpoints/chain-deposits';
import type { FastifyPluginAsync } from 'fastify';
import * as chainDeposits from '../../modules/money/chain-deposits/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Deposits seen on chain: a client's own address on a watched method and their transfers to it. */
export const chainDepositsClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    getChainDepositAddress,
    (request) => chainDeposits.readChainDepositAddress(app.db, callerOf(request), request.params.id),
    { config: { callers: ['Client'] } },
  );
};

import { ZUserIdParams } from '../auth.ts';
import { ZBalanceSummary, ZEquity } from '../balances.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';

/** The Balance page, the dashboard's account header and the admin's client page (docs/money.md). */
const tag = 'balances';

export const getBalance = defineEndpoint({
  method: 'GET',
  path: '/balance/:userId',
  tag,
  summary:
    'Every part of a client’s money, their realised profit and the totals of their deposits, withdrawals and investments',
  params: ZUserIdParams,
  response: ZBalanceSummary,
  errors: [...COMMON_ERRORS, 404],
});

export const getEquity = defineEndpoint({
  method: 'GET',
  path: '/equity/:userId',
  tag,
  summary:
    'A client’s equity (cash, bonus, plans, position margins, signal stakes and open positions’ results at the latest prices), withdrawable beside it',
  params: ZUserIdParams,
  response: ZEquity,
  errors: [...COMMON_ERRORS, 404],
});

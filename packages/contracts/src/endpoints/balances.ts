import { ZUserIdParams } from '../auth.ts';
import { ZBalanceSummary } from '../balances.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';

/** The Balance page, the dashboard totals and the admin's client page (docs/money.md). */
const tag = 'balances';

export const getBalance = defineEndpoint({
  method: 'GET',
  path: '/balance/:userId',
  tag,
  summary: 'Every part of a client’s money and the totals of their deposits, withdrawals and investments',
  params: ZUserIdParams,
  response: ZBalanceSummary,
  errors: [...COMMON_ERRORS, 404],
});

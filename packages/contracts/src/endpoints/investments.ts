import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZPageQuery } from '../pagination.ts';
import { ZInvestmentPage } from '../transactions.ts';

/** The Investments tabs of the client's and the admin's history (investments are transactions). */
const tag = 'investments';

export const getUserInvestments = defineEndpoint({
  method: 'GET',
  path: '/investment/user/:userId',
  tag,
  summary: 'A client’s investments, newest first',
  params: ZUserIdParams,
  query: ZPageQuery,
  response: ZInvestmentPage,
  errors: [...COMMON_ERRORS, 404],
});

export const getInvestments = defineEndpoint({
  method: 'GET',
  path: '/investment',
  tag,
  summary: 'Every investment, newest first, with its client',
  query: ZPageQuery,
  response: ZInvestmentPage,
  errors: COMMON_ERRORS,
});

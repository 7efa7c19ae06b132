import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZPageQuery } from '../pagination.ts';
import {
  ZPayoutActivities,
  ZPayoutAnswer,
  ZPayoutIdParams,
  ZPayoutPage,
  ZProcessPayoutsAnswer,
  ZRejectPayoutInput,
} from '../payouts.ts';

/** Payouts of approved investments ("trades" in the spec's paths): the admin's logs and the client's activity. */
const tag = 'trades';

export const getPendingTrades = defineEndpoint({
  method: 'GET',
  path: '/trade/pending',
  tag,
  summary: 'Trade Log: payouts not yet paid or rejected, soonest due first',
  query: ZPageQuery,
  response: ZPayoutPage,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const getDueTrades = defineEndpoint({
  method: 'GET',
  path: '/trade/due_trade',
  tag,
  summary: 'Pending payouts whose due date has passed, oldest due first',
  query: ZPageQuery,
  response: ZPayoutPage,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const getRejectedTrades = defineEndpoint({
  method: 'GET',
  path: '/trade/rejected',
  tag,
  summary: 'Rejected payouts, newest first',
  query: ZPageQuery,
  response: ZPayoutPage,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const rejectTrade = defineEndpoint({
  method: 'POST',
  path: '/trade/reject/:id',
  tag,
  summary: 'Reject a pending payout: it pays nothing, and the client sees the reason',
  params: ZPayoutIdParams,
  body: ZRejectPayoutInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZPayoutAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'money.manage',
});

export const processDueTrades = defineEndpoint({
  method: 'POST',
  path: '/trade',
  tag,
  summary: 'Process All Trades: pay every payout due now (each exactly once, whoever else is processing)',
  response: ZProcessPayoutsAnswer,
  errors: COMMON_ERRORS,
  permission: 'money.manage',
});

export const getUserTrades = defineEndpoint({
  method: 'GET',
  path: '/trade/user/:userId',
  tag,
  summary: 'A client’s payouts, newest due first',
  params: ZUserIdParams,
  query: ZPageQuery,
  response: ZPayoutPage,
  errors: [...COMMON_ERRORS, 404],
});

export const getTradeActivities = defineEndpoint({
  method: 'GET',
  path: '/trade/activities/:userId',
  tag,
  summary: 'A client’s trade activities of the last 24 hours with their totals',
  params: ZUserIdParams,
  response: ZPayoutActivities,
  errors: [...COMMON_ERRORS, 404],
});

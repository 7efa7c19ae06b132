import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZIdParams } from '../methods.ts';
import {
  ZJoinSignalInput,
  ZSignalAnswer,
  ZSignalEvidenceAnswer,
  ZSignalInput,
  ZSignalJoinAnswer,
  ZSignalList,
  ZSignalResultInput,
  ZSignalTradeList,
} from '../signals.ts';

/** Trading signals: the admin publishes and settles them from prices; clients join them. */
const tag = 'signals';

export const getActiveSignals = defineEndpoint({
  method: 'GET',
  path: '/signal/active',
  tag,
  summary: 'Signals not yet completed (pending and active), soonest first, with whether the caller joined',
  response: ZSignalList,
  errors: COMMON_ERRORS,
});

export const joinSignal = defineEndpoint({
  method: 'POST',
  path: '/signal/:id/join',
  tag,
  summary: 'Join a pending signal: the entry moves balance → trading until it settles',
  params: ZIdParams,
  body: ZJoinSignalInput,
  response: ZSignalJoinAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
});

export const getMySignalTrades = defineEndpoint({
  method: 'GET',
  path: '/signal/my-trades',
  tag,
  summary: 'My Signal Trades: the caller’s joins, newest first',
  response: ZSignalTradeList,
  errors: COMMON_ERRORS,
});

export const createSignal = defineEndpoint({
  method: 'POST',
  path: '/signal/create',
  tag,
  summary: 'Create a signal (pending until its schedule time)',
  body: ZSignalInput,
  response: ZSignalAnswer,
  status: 201,
  errors: COMMON_ERRORS,
  permission: 'catalogue.manage',
});

export const getAllSignals = defineEndpoint({
  method: 'GET',
  path: '/signal/all',
  tag,
  summary: 'Every signal, newest first',
  response: ZSignalList,
  errors: COMMON_ERRORS,
  permission: 'catalogue.manage',
});

export const getSignalEvidence = defineEndpoint({
  method: 'GET',
  path: '/signal/:id/evidence',
  tag,
  summary: 'What the stored candles say: the extreme price reached, when, and the result that follows',
  params: ZIdParams,
  response: ZSignalEvidenceAnswer,
  errors: [...COMMON_ERRORS, 404],
  permission: 'catalogue.manage',
});

export const setSignalResult = defineEndpoint({
  method: 'PUT',
  path: '/signal/:id/result',
  tag,
  summary: 'Settle a signal: only the result its price evidence gives is accepted (409 otherwise)',
  params: ZIdParams,
  body: ZSignalResultInput,
  response: ZSignalAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 503],
  idempotent: true,
  permission: 'catalogue.manage',
});

import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZIdParams } from '../methods.ts';
import { ZPageQuery } from '../pagination.ts';
import {
  ZClosePositionInput,
  ZOpenPositionInput,
  ZPosition,
  ZPositionAnswer,
  ZPositionList,
  ZPositionProtectionInput,
  ZTradingTerms,
} from '../positions.ts';

/** Leveraged positions: the client opens and closes them; the admin watches and closes at market. */
const tag = 'positions';
const FORM = ['multipart', 'json', 'urlencoded'] as const;

export const openPosition = defineEndpoint({
  method: 'POST',
  path: '/position',
  tag,
  summary:
    'Open a position at the current market price, with an optional take-profit and stop-loss: the margin moves balance → trading',
  body: ZOpenPositionInput,
  // JSON first, as the web sends it: "no expiry" is `expiration: null`, which a form field cannot say.
  encodings: ['json', 'multipart', 'urlencoded'],
  response: ZPositionAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 422, 503],
  idempotent: true,
});

export const getUserPositions = defineEndpoint({
  method: 'GET',
  path: '/position/user/:userId',
  tag,
  summary: 'A client’s positions, newest first, with the summary cards’ figures',
  params: ZUserIdParams,
  query: ZPageQuery,
  response: ZPositionList,
  errors: [...COMMON_ERRORS, 404],
});

export const getPosition = defineEndpoint({
  method: 'GET',
  path: '/position/:id',
  tag,
  summary:
    'One position with its prices and, once closed, its exit, reason and result (a client’s own; an admin’s answer names the client)',
  params: ZIdParams,
  response: ZPosition,
  errors: [...COMMON_ERRORS, 404],
});

export const closeOwnPosition = defineEndpoint({
  method: 'POST',
  path: '/position/:id/close',
  tag,
  summary: 'Close one’s own open position now, at the current market price',
  params: ZIdParams,
  response: ZPositionAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 503],
  idempotent: true,
});

export const setPositionProtection = defineEndpoint({
  method: 'PUT',
  path: '/position/:id/protection',
  tag,
  summary:
    'Set, change or remove the take-profit and stop-loss of one’s own open position (checked against the current price)',
  params: ZIdParams,
  body: ZPositionProtectionInput,
  response: ZPositionAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 422, 503],
});

export const getPositions = defineEndpoint({
  method: 'GET',
  path: '/position',
  tag,
  summary: 'Position Management: every position, open ones first, then newest',
  query: ZPageQuery,
  response: ZPositionList,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const closePositionAtMarket = defineEndpoint({
  method: 'POST',
  path: '/position/close-at-market/:id',
  tag,
  summary: 'Close at market (replaces Mark As Loss): closes at the current price with a reason; audited',
  params: ZIdParams,
  body: ZClosePositionInput,
  encodings: FORM,
  response: ZPositionAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 503],
  idempotent: true,
  permission: 'money.manage',
});

export const getTradingTerms = defineEndpoint({
  method: 'GET',
  path: '/trading-terms',
  tag,
  summary:
    'What opening a position costs besides the spread (the commission per pair, in basis points of the exposure) and the account’s margin levels',
  response: ZTradingTerms,
  errors: COMMON_ERRORS,
});

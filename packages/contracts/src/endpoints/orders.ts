import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZIdParams } from '../methods.ts';
import { ZEditOrderInput, ZOrderAnswer, ZOrderList, ZOrderListQuery, ZPlaceOrderInput } from '../orders.ts';

/** Pending orders: the client places, changes and cancels their own; the desk sees everyone's. */
const tag = 'positions';

export const placeOrder = defineEndpoint({
  method: 'POST',
  path: '/orders',
  tag,
  summary:
    'Place a limit or stop order that opens a position when the price reaches its level: the margin moves balance → trading now',
  body: ZPlaceOrderInput,
  response: ZOrderAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 422, 503],
  idempotent: true,
});

export const getOwnOrders = defineEndpoint({
  method: 'GET',
  path: '/orders',
  tag,
  summary: 'The client’s pending orders (or, with state=done, those filled, cancelled or expired), newest first',
  query: ZOrderListQuery,
  response: ZOrderList,
  errors: COMMON_ERRORS,
});

export const editOrder = defineEndpoint({
  method: 'PUT',
  path: '/orders/:id',
  tag,
  summary:
    'Change one’s own pending order: its level, take-profit, stop-loss and good-until time (checked against the current price)',
  params: ZIdParams,
  body: ZEditOrderInput,
  response: ZOrderAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 422, 503],
});

export const cancelOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/:id/cancel',
  tag,
  summary: 'Cancel one’s own pending order: its margin moves trading → balance',
  params: ZIdParams,
  response: ZOrderAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  idempotent: true,
});

export const getAllOrders = defineEndpoint({
  method: 'GET',
  path: '/orders/all',
  tag,
  summary: 'The desk’s view: every client’s pending orders (or, with state=done, the ended ones), newest first',
  query: ZOrderListQuery,
  response: ZOrderList,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

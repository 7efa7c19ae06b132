import { ZPriceAlertAnswer, ZPriceAlertInput, ZPriceAlertList } from '../alerts.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZIdParams } from '../methods.ts';

/** The signed-in client's price alerts. */
const tag = 'market';

export const getPriceAlerts = defineEndpoint({
  method: 'GET',
  path: '/alerts',
  tag,
  summary: 'The client’s price alerts, active first, then newest',
  response: ZPriceAlertList,
  errors: COMMON_ERRORS,
});

export const createPriceAlert = defineEndpoint({
  method: 'POST',
  path: '/alerts',
  tag,
  summary:
    'Be told when a pair’s price rises to or falls to a level, once or every time (checked against the current price)',
  body: ZPriceAlertInput,
  response: ZPriceAlertAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 422, 503],
});

export const deletePriceAlert = defineEndpoint({
  method: 'DELETE',
  path: '/alerts/:id',
  tag,
  summary: 'Delete one of the client’s price alerts',
  params: ZIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
});

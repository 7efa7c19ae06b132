import { defineEndpoint } from '../endpoint.ts';
import { ZHealth, ZLiveness } from '../health.ts';

/** For the operator's monitoring and load balancer (docs/operations.md). */
const tag = 'system';

export const getLiveness = defineEndpoint({
  method: 'GET',
  path: '/health/live',
  tag,
  summary: 'Liveness: the process answers (asks nothing of the database)',
  response: ZLiveness,
  errors: [],
});

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  tag,
  summary: 'Readiness: 200 when the database (and Redis when set) answer, else 503; jobs and price feed as checks',
  response: ZHealth,
  errors: [],
  serviceUnavailable: 'response',
});

/**
 * Prometheus metrics in the text exposition format, for the operator's scraper, which sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the route does not exist (404).
 */
export const getMetrics = defineEndpoint({
  method: 'GET',
  path: '/metrics',
  tag,
  summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN); 404 when METRICS_TOKEN is unset',
  produces: 'text',
  errors: [401, 404],
});

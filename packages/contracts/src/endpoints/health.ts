import { ZHealth } from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  tag: 'system',
  summary: 'Liveness and which database is in use',
  response: ZHealth,
  errors: [],
});

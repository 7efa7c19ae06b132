import { ZUserIdParams } from '../auth.ts';
import {
  ZAdminStats,
  ZClientList,
  ZClientListQuery,
  ZClientSearchQuery,
  ZCreateClientInput,
  ZCreateClientResponse,
  ZStatsSeries,
  ZStatsSeriesQuery,
} from '../clients.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';

/**
 * Client management of the admin back office and the dashboard's numbers: list, search, Add client,
 * Delete (close) client, summary cards and charts. Admins only.
 */
const tag = 'clients';

export const getClients = defineEndpoint({
  method: 'GET',
  path: '/client',
  tag,
  summary:
    'Open client accounts, newest first (paged with ?page&limit, or by the cursor of the page beside: ?after, ?before)',
  query: ZClientListQuery,
  response: ZClientList,
  errors: [...COMMON_ERRORS, 422],
  permission: 'clients.read',
});

export const searchClients = defineEndpoint({
  method: 'GET',
  path: '/client/search',
  tag,
  summary: 'Open client accounts whose name, email, username or phone contains the text (paged like the list)',
  query: ZClientSearchQuery,
  response: ZClientList,
  errors: [...COMMON_ERRORS, 422],
  permission: 'clients.read',
});

export const createClient = defineEndpoint({
  method: 'POST',
  path: '/admin/client',
  tag,
  summary: 'Add client: a new Client account with the password the admin set',
  body: ZCreateClientInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZCreateClientResponse,
  status: 201,
  errors: [...COMMON_ERRORS, 409],
  permission: 'clients.manage',
});

export const closeClient = defineEndpoint({
  method: 'DELETE',
  path: '/client/:userId',
  tag,
  summary: 'Delete client: close the account and erase personal data (refused while it holds money)',
  params: ZUserIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'clients.manage',
});

export const getAdminStats = defineEndpoint({
  method: 'GET',
  path: '/admin/stats',
  tag,
  summary: 'Dashboard summary cards: clients and totals in USD',
  response: ZAdminStats,
  errors: COMMON_ERRORS,
  permission: 'clients.read',
});

export const getStatsSeries = defineEndpoint({
  method: 'GET',
  path: '/admin/stats/series',
  tag,
  summary: 'Dashboard charts: per-day deposits, withdrawals and investments (USD)',
  query: ZStatsSeriesQuery,
  response: ZStatsSeries,
  errors: COMMON_ERRORS,
  permission: 'clients.read',
});

import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZStatementQuery } from '../statements.ts';

/**
 * Account statements as files (docs/money.md, "Statements"): a client downloads their own; an admin
 * downloads any client's, a closed account's too. The answer is the file itself (CSV or PDF).
 */
const tag = 'statements';

export const getOwnStatement = defineEndpoint({
  method: 'GET',
  path: '/statement',
  tag,
  summary: "The caller's statement for a period [from, to) as a CSV or PDF file (clients)",
  query: ZStatementQuery,
  produces: 'file',
  errors: [...COMMON_ERRORS, 422, 429],
});

export const getClientStatement = defineEndpoint({
  method: 'GET',
  path: '/admin/statement/:userId',
  tag,
  summary: "A client's statement for a period [from, to) as a CSV or PDF file (admin; closed accounts too)",
  params: ZUserIdParams,
  query: ZStatementQuery,
  produces: 'file',
  errors: [...COMMON_ERRORS, 404, 422, 429],
  permission: 'clients.read',
});

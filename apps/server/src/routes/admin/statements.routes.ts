import { getClientStatement } from '@meridian/contracts/endpoints/statements';
import type { FastifyPluginAsync } from 'fastify';
import { STATEMENT_RATE_LIMIT, sendStatementOf } from '../../modules/money/statements/index.ts';
import { route } from '../route.ts';

/** Any client's statement as a CSV or PDF download, a closed account's too (docs/money.md, "Statements"). */
export const statementsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    getClientStatement,
    (request, reply) => sendStatementOf(app, reply, request.params.userId, request.query),
    { config: { rateLimit: STATEMENT_RATE_LIMIT } },
  );
};

import { getOwnStatement } from '@meridian/contracts/endpoints/statements';
import type { FastifyPluginAsync } from 'fastify';
import { STATEMENT_RATE_LIMIT, sendStatementOf } from '../../modules/money/statements/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** A client's own statement as a CSV or PDF download (docs/money.md, "Statements"). */
export const statementsClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getOwnStatement, (request, reply) => sendStatementOf(app, reply, callerOf(request).id, request.query), {
    config: { callers: ['Client'], rateLimit: STATEMENT_RATE_LIMIT },
  });
};

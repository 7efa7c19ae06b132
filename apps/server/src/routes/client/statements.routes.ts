import { getOwnStatement } from '@meridian/contracts/endpoints/statements';
import type { FastifyPluginAsync } from 'fastify';
import {
  buildStatement,
  STATEMENT_RATE_LIMIT,
  sendStatementFile,
  statementFile,
} from '../../modules/money/statements/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** A client's own statement as a CSV or PDF download (docs/money.md, "Statements"). */
export const statementsClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    getOwnStatement,
    async (request, reply) => {
      const { format, from, to, lang, tz } = request.query;
      const statement = await buildStatement(app.db, {
        userId: callerOf(request).id,
        from,
        to,
        lang,
        tz,
        brand: app.content.contentFor(lang).brand.name,
      });
      return sendStatementFile(reply, await statementFile(statement, format));
    },
    { config: { callers: ['Client'], rateLimit: STATEMENT_RATE_LIMIT } },
  );
};

import { getClientStatement } from '@meridian/contracts/endpoints/statements';
import type { FastifyPluginAsync } from 'fastify';
import {
  buildStatement,
  STATEMENT_RATE_LIMIT,
  sendStatementFile,
  statementFile,
} from '../../modules/money/statements/index.ts';
import { route } from '../route.ts';

/** Any client's statement as a CSV or PDF download, a closed account's too (docs/money.md, "Statements"). */
export const statementsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    getClientStatement,
    async (request, reply) => {
      const { format, from, to, lang, tz } = request.query;
      const statement = await buildStatement(app.db, {
        userId: request.params.userId,
        from,
        to,
        lang,
        tz,
        brand: app.content.contentFor(lang).brand.name,
      });
      return sendStatementFile(reply, await statementFile(statement, format));
    },
    { config: { rateLimit: STATEMENT_RATE_LIMIT } },
  );
};

import { ZHealth } from '@meridian/contracts/auth';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness and which database is in use', response: { 200: ZHealth } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, db: app.dbKind };
    },
  );
};

import { ZUser, ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError } from '@meridian/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { toApiUser } from '../../modules/users/users.mapper.ts';
import { findUserById } from '../../modules/users/users.repository.ts';
import { assertSelfOrAdmin } from '../../plugins/auth.ts';

/** A client's own record (an admin may read any client's). */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags: ['clients'],
        summary: 'One client with their plan',
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        response: { 200: ZUser, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      const user = await findUserById(app.db, request.params.userId);
      if (user?.type !== 'Client' || user.closedAt) throw notFound();
      return toApiUser(user);
    },
  );
};

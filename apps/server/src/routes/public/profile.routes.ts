import { getAvatar } from '@meridian/contracts/endpoints/profile';
import type { FastifyPluginAsync } from 'fastify';
import { readAvatar } from '../../modules/identity/profile/index.ts';
import { route } from '../route.ts';

/**
 * Avatars, public on purpose: an `<img>` cannot send a bearer token, so an avatar is read by its
 * unguessable name (see "capability URL" in modules/identity/profile/profile.service.ts).
 */
export const profilePublicRoutes: FastifyPluginAsync = async (app) => {
  route(app, getAvatar, async (request, reply) => {
    const stored = await readAvatar(app.files, request.params.file);
    return reply
      .header('content-type', stored.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.data);
  });
};

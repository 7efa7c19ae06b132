import { getAdminProfile, updateAdminProfile } from '@meridian/contracts/endpoints/profile';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as profile from '../../modules/identity/profile/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** An admin's profile: any admin reads it, only the admin themself changes it. */
export const profileAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getAdminProfile, (request) => profile.getAdmin(app.db, request.params.id));

  route(app, updateAdminProfile, async (request) => ({
    message: messageText('profile.updated'),
    user: await profile.updateAdminProfile(app.db, callerOf(request), request.params.id, request.body),
  }));
};

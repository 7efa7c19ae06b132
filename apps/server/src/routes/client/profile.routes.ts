import { getClient, setLanguage, uploadAvatar } from '@meridian/contracts/endpoints/profile';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { toBuffer } from '../../lib/uploads.ts';
import * as profile from '../../modules/identity/profile/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** A client's own record, avatar and language; an admin may read any client and set anyone's avatar. */
export const profileClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getClient, (request) => profile.getClient(app.db, request.params.userId), { compiled: true });

  route(app, uploadAvatar, async (request) => {
    const deps = { db: app.db, files: app.files, log: request.log };
    const image = toBuffer(request.body.image);
    return {
      message: messageText('profile.pictureUploaded'),
      user: await profile.uploadAvatar(deps, callerOf(request), request.params.userId, image),
    };
  });

  route(app, setLanguage, async (request) => {
    await profile.chooseLanguage(app.db, callerOf(request), request.body.language);
    return { message: messageText('profile.languageSaved') };
  });
};

import { sendSupportMessage } from '@meridian/contracts/endpoints/support';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as support from '../../modules/back-office/support/index.ts';
import { route } from '../route.ts';

/** The public support form, rate limited per IP (docs/security.md, "Rate and size limits"). */
export const supportPublicRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    sendSupportMessage,
    async (request) => {
      await support.sendSupportMessage(app.db, request.body);
      return { message: messageText('support.messageSent') };
    },
    { config: { rateLimit: { max: app.config.SUPPORT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } } },
  );
};

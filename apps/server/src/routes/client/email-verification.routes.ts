import { resendVerificationEmail } from '@meridian/contracts/endpoints/email-verification';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as verification from '../../modules/identity/email-verification/index.ts';
import { mailLanguage } from '../../modules/platform/mail/index.ts';
import { route } from '../route.ts';

/** A new verification link, asked for by the client themself (admins get 403): at most one a minute. */
export const emailVerificationClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    resendVerificationEmail,
    async (request) => {
      const { email } = await verification.resendVerification(
        app.db,
        // The link's origin is the site's own address from configuration, never the request's Host.
        { mail: app.mail, origin: app.config.PUBLIC_URL },
        request.params.userId,
        mailLanguage(request.body.lang, request.headers['accept-language']),
      );
      return { message: messageText('email-verification.sent', { email }) };
    },
    { config: { callers: ['Client'] } },
  );
};

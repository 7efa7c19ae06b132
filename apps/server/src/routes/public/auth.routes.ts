import {
  ZAuthResponse,
  ZChangePasswordInput,
  ZLoginInput,
  ZRegisterInput,
  ZRegisterResponse,
  ZUserIdParams,
} from '@meridian/contracts/auth';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../../config.ts';
import type { AuthService, TIssuedSession } from '../../modules/auth/auth.service.ts';
import { callerOf } from '../../plugins/auth.ts';

export const REFRESH_COOKIE = 'meridian_refresh';
const COOKIE_PATH = '/api';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 423: ZApiError };

/** Sign-up, sign-in, token refresh, sign-out and password change (spec 01 §7, spec 02 §7). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: TConfig }> = async (
  app,
  { auth, config },
) => {
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, session: TIssuedSession) =>
    setSessionCookie(config, request, reply, session);

  app.post(
    '/client',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary: 'Register a client account',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: ZRegisterInput,
        response: { 201: ZRegisterResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      return reply.status(201).send({ message: messageText('auth.accountCreated'), user });
    },
  );

  app.post(
    '/login',
    {
      config: authLimit,
      schema: { tags: ['auth'], summary: 'Sign in', body: ZLoginInput, response: { 200: ZAuthResponse, ...errors } },
    },
    async (request, reply) => {
      const session = await auth.login(request.body);
      setRefreshCookie(request, reply, session);
      return session.auth;
    },
  );

  app.get(
    '/refresh',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary: 'Trade the refresh cookie for a new access token (rotates the cookie)',
        response: { 200: ZAuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const session = await auth.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(request, reply, session);
        return session.auth;
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw err;
      }
    },
  );

  app.get(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Sign out: revoke this session', response: { 200: ZMessage } } },
    async (request, reply) => {
      const caller = request.headers.authorization ? await optionalCaller(app, request, reply) : undefined;
      await auth.logout(request.cookies[REFRESH_COOKIE], caller);
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return { message: messageText('auth.loggedOut') };
    },
  );

  app.post(
    '/user/changepswd/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change a password (own account, or any account for an admin); ends every session of that user',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        body: ZChangePasswordInput,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request, reply) => {
      await auth.changePassword(callerOf(request), request.params.userId, request.body);
      if (request.params.userId === callerOf(request).id) reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return { message: messageText('auth.passwordChanged') };
    },
  );
};

/** The refresh cookie of a new session; every way of signing in sets it the same way. */
export function setSessionCookie(
  config: TConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  session: TIssuedSession,
): void {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true',
    path: COOKIE_PATH,
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

/** Logout works with an expired token too: a bad bearer is simply ignored. */
async function optionalCaller(app: Parameters<FastifyPluginAsyncZod>[0], request: FastifyRequest, reply: FastifyReply) {
  try {
    await app.authenticate(request, reply);
    return request.caller;
  } catch {
    return undefined;
  }
}

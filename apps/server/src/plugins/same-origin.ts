import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route sets or reads the session cookie: only our own pages may call it (docs/security.md,
     * "Cross-site requests").
     */
    sameOrigin?: boolean;
  }
}

/**
 * Refuses cross-site calls to the session-cookie routes (sign-in, refresh, sign-out, temporary
 * sign-in, password reset) before anything runs, so another site can neither sign a visitor into an
 * account of its choosing (login CSRF) nor sign them out. SameSite=Strict keeps the cookie off
 * cross-site requests, but it does not stop a cross-site answer from setting or clearing it.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance, options: { publicUrl?: string | undefined }) => {
  const publicHost = options.publicUrl ? new URL(options.publicUrl).host : undefined;
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.sameOrigin && isCrossSite(request, publicHost)) {
      throw forbidden('errors.crossSiteRequest');
    }
  });
});

/**
 * Browsers say where a request comes from: `Sec-Fetch-Site` (every current browser), else `Origin`
 * (sent with every POST). Only `same-origin` passes; a request with neither header is not from a
 * browser page (a script or a test) and cannot carry a victim's cookie, so it passes too.
 */
export function isCrossSite(request: FastifyRequest, publicHost?: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    // Both sides through URL, which drops a default port (`:443`, `:80`) the same way.
    const host = new URL(origin).host;
    return host !== new URL(`${request.protocol}://${request.host}`).host && host !== publicHost;
  } catch {
    return true;
  }
}

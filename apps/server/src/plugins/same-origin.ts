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
export const sameOriginPlugin = fp(async (app: FastifyInstance, options: { siteOrigins: readonly string[] }) => {
  const siteOrigins = new Set(options.siteOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.sameOrigin && isCrossSite(request, siteOrigins)) {
      throw forbidden('errors.crossSiteRequest');
    }
  });
});

/**
 * Browsers say where a request comes from: `Sec-Fetch-Site` (every current browser), else `Origin`
 * (sent with every POST). Only `same-origin` passes; a request with neither header is not from a
 * browser page (a script or a test) and cannot carry a victim's cookie, so it passes too. An
 * `Origin` passes only when it is one of the site's configured origins (PUBLIC_URL, and the
 * WEBAUTHN_ORIGINS its pages are also served on): compared with the request's own Host, a page on
 * evil.example sending `Host: evil.example` (a DNS-rebinding page, say) would count as ours.
 */
export function isCrossSite(request: FastifyRequest, siteOrigins: ReadonlySet<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  // Through URL, which drops a default port (`:443`, `:80`) as the configured origins had it dropped.
  const named = URL.parse(origin);
  return named === null || !siteOrigins.has(named.origin);
}

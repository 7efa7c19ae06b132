import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { adminScope } from './admin/index.ts';
import { clientScope } from './client/index.ts';
import { publicScope } from './public/index.ts';
import type { TRouteDeps } from './route-deps.ts';

/** Who may call a route: anyone, a signed-in client (or an admin), or an admin. */
export type TAudience = 'public' | 'client' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope the route was registered in; set by the scope itself. */
    audience?: TAudience;
  }
  interface FastifyInstance {
    /** Every route of the app as registered, with its scope (read by the authorization matrix). */
    registeredRoutes: readonly RouteOptions[];
  }
}

/**
 * The API's three audiences, each an encapsulated Fastify scope whose guard runs once, before
 * anything of the request is read, for every route registered inside it: moving a route file into
 * `routes/admin` is all it takes to make it admin-only (docs/security.md, "Route scopes").
 */
export const apiRoutes: FastifyPluginAsync<TRouteDeps> = async (api, { auth }) => {
  await api.register(audience('public', publicScope, { auth }));
  await api.register(audience('client', clientScope, { auth }));
  await api.register(audience('admin', adminScope, { auth }));
};

function audience(name: TAudience, routes: FastifyPluginAsync<TRouteDeps>, deps: TRouteDeps): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (options) => {
      options.config = { ...options.config, audience: name };
      // The API description says which operations need a session: none for the public scope.
      options.schema = { ...options.schema, security: name === 'public' ? [] : [{ bearerAuth: [] }] };
    });
    if (name !== 'public') scope.addHook('onRequest', scope.guards[name]);
    await scope.register(routes, deps);
  };
}

/**
 * Records every route the app registers, and refuses to start when an API route sits outside the
 * three scopes: such a route would have no guard at all.
 */
export function trackRoutes(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (options) => {
    routes.push(options);
  });
  app.addHook('onReady', async () => {
    const unscoped = routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.config?.audience,
    );
    if (unscoped.length > 0) {
      throw new Error(`Routes outside the public, client and admin scopes: ${unscoped.map((r) => r.url).join(', ')}`);
    }
  });
}

import type { AuthService } from '../modules/identity/auth/index.ts';

/**
 * What each route file is given when its scope registers it (routes/scopes.ts). Its own file, below
 * the scopes: the route files import it, and the scopes import the route files.
 */
export interface TRouteDeps {
  auth: AuthService;
}

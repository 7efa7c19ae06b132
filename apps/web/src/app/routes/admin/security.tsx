import { SecurityPage } from '../shell/security-page';

/** /admin/security: the admin's second factor, passkeys and sessions (the client area's page). */
export { SecurityPage as Component };

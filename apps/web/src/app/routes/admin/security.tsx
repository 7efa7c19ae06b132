import { SecurityPage } from '@/features/security/components/security-page';

/** /admin/security: the admin's second factor, passkeys and sessions (the client area's page). */
export { SecurityPage as Component };

import { SecurityPage } from '../shell/security-page';

/** /user/security: the client's second factor, passkeys and sessions. */
export { SecurityPage as Component };

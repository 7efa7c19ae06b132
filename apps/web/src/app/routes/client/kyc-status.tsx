import { KycStatusPage } from '@/features/kyc/components/kyc-status-page';

/** /user/kyc/status */
export { KycStatusPage as Component };

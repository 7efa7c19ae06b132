import { KycAllPage } from '@/features/kyc/components/kyc-all-page';

/** /admin/kyc/all */
export { KycAllPage as Component };

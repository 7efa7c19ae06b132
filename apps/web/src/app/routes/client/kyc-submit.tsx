import { KycSubmitPage } from '@/features/kyc/components/kyc-submit-page';

/** /user/kyc/submit */
export { KycSubmitPage as Component };

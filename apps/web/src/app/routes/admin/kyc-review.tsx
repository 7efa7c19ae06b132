import { KycReviewPage } from '@/features/kyc/components/kyc-review-page';

/** /admin/kyc/review */
export { KycReviewPage as Component };

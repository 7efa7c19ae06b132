import { UnlockRequestsPage } from '@/features/recovery/components/unlock-requests-page';

/** /admin/unlock-requests */
export { UnlockRequestsPage as Component };

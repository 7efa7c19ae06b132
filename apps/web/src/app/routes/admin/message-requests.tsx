import { MessageRequestsPage } from '@/features/support/components/message-requests-page';

/** /admin/message-requests */
export { MessageRequestsPage as Component };

import { OutboxPage } from '@/features/admin-audit/components/outbox-page';

/** /admin/outbox */
export { OutboxPage as Component };

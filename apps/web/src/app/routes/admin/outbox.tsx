import { OutboxPage } from '@/features/mail/components/outbox-page';

/** /admin/outbox */
export { OutboxPage as Component };

import { AuditLogPage } from '@/features/audit/components/audit-log-page';

/** /admin/audit */
export { AuditLogPage as Component };

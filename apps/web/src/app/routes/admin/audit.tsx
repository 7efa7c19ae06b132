import { AuditLogPage } from '@/features/admin-audit/components/audit-log-page';

/** /admin/audit */
export { AuditLogPage as Component };

import { ApprovalsPage } from '@/features/approvals/components/approvals-page';

/** /admin/approvals */
export { ApprovalsPage as Component };

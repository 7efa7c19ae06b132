import { UpgradeRequestsPage } from '@/features/admin-upgrades/components/upgrade-requests-page';

/** /admin/plan-upgrades */
export { UpgradeRequestsPage as Component };

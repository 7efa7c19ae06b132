import { UpgradeRequestsPage } from '@/features/upgrades/components/upgrade-requests-page';

/** /admin/plan-upgrades */
export { UpgradeRequestsPage as Component };

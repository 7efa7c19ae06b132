import { PlansGrid } from '@/features/admin-plans/components/plans-grid';

/** /admin/investmentplans */
export { PlansGrid as Component };

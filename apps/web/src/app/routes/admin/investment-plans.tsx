import { PlansGrid } from '@/features/plans/components/plans-grid';

/** /admin/investmentplans */
export { PlansGrid as Component };

import { StaffPage } from '@/features/staff/components/staff-page';

/** /admin/staff */
export { StaffPage as Component };

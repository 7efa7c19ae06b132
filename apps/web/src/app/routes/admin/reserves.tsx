import { AdminReservesPage } from '@/features/reserves/components/admin-reserves-page';

/** /admin/reserves */
export { AdminReservesPage as Component };

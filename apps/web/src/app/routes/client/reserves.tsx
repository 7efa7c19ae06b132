import { ClientReservesPage } from '@/features/reserves/components/client-reserves-page';

/** /user/reserves */
export { ClientReservesPage as Component };

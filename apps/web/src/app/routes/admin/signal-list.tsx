import { SignalListPage } from '@/features/admin-signals/components/signal-list-page';

/** /admin/signal-list */
export { SignalListPage as Component };

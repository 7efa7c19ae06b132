import { SignalListPage } from '@/features/signals/components/signal-list-page';

/** /admin/signal-list */
export { SignalListPage as Component };

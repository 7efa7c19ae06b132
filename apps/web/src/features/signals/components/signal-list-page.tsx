import type { TSignal } from '@meridian/contracts/signals';
import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useSignals } from '../api/get-signals';
import { AdminSignalCard } from './admin-signal-card';
import { SettleSignalDialog } from './settle-signal-dialog';

/**
 * /admin/signal-list: every signal, newest first, as cards (one, two or three to a row), with Settle
 * on those the prices may settle; loading, empty and error ('Failed to fetch signals') states.
 */
export function SignalListPage() {
  const { t } = useTranslation('signals');
  const signals = useSignals();
  const [settling, setSettling] = useState<TSignal | null>(null);
  const newSignal = (
    <ButtonLink size="sm" to="/admin/create-signal">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {t('admin.new')}
    </ButtonLink>
  );
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('admin.listTitle')}</h1>
          <p className="mt-1 text-sm text-muted">{t('admin.listSubtitle')}</p>
        </div>
        {newSignal}
      </header>

      <QueryView
        query={signals}
        loading={<SkeletonList rows={4} />}
        errorTitle={t('admin.loadError')}
        isEmpty={(data) => data.signals.length === 0}
        empty={
          <EmptyState icon={Megaphone} title={t('admin.empty')} description={t('admin.emptyBody')} action={newSignal} />
        }
      >
        {(data) => (
          <ul aria-label={t('admin.listTitle')} className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {data.signals.map((signal) => (
              <li key={signal.id} className="flex min-w-0">
                <AdminSignalCard signal={signal} onSettle={setSettling} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {settling && <SettleSignalDialog signal={settling} onClose={() => setSettling(null)} />}
    </div>
  );
}

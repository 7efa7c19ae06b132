import type { TSignal } from '@meridian/contracts/signals';
import { ListChecks, RadioTower } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/hooks/use-now';
import { useActiveSignals } from '../api/get-active-signals';
import { COUNTDOWN_TICK_MS } from '../constants';
import { signalPhase } from '../utils/signal-phase';
import { JoinSignalDialog } from './join-signal-dialog';
import { SignalCard } from './signal-card';

/**
 * /user/signals: the signals not yet settled, each with its countdown (Opens in, Closes in, EXPIRED)
 * and Join while it is pending. When a countdown reaches its end, the list is asked for again.
 */
export function SignalsPage({ userId }: { userId: string }) {
  const { t } = useTranslation(['signals', 'common']);
  const query = useActiveSignals(userId);
  const now = useNow(COUNTDOWN_TICK_MS);
  const [joining, setJoining] = useState<TSignal | null>(null);
  useReloadOnPhaseChange(query.data?.signals, now, () => void query.refetch());

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('signals:signals.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('signals:signals.subtitle')}</p>
        </div>
        <Link
          to="/user/signal-trades"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ListChecks className="h-4 w-4" aria-hidden="true" />
          {t('signals:signals.myTrades')}
        </Link>
      </div>

      <QueryView
        query={query}
        loading={
          <LoadingStatus className="grid gap-4 md:grid-cols-2" data-testid="loading">
            {['a', 'b'].map((key) => (
              <Skeleton key={key} className="h-72 rounded-2xl" />
            ))}
          </LoadingStatus>
        }
        errorTitle={t('signals:signals.error')}
        isEmpty={(data) => data.signals.length === 0}
        empty={
          <EmptyState
            icon={RadioTower}
            title={t('signals:signals.empty')}
            description={t('signals:signals.emptyHint')}
          />
        }
      >
        {(data) => (
          <div className="grid gap-4 md:grid-cols-2" data-testid="signal-list">
            {data.signals.map((signal) => (
              <SignalCard key={signal.id} signal={signal} now={now} onJoin={setJoining} />
            ))}
          </div>
        )}
      </QueryView>

      {joining && <JoinSignalDialog userId={userId} signal={joining} onClose={() => setJoining(null)} />}
    </div>
  );
}

/**
 * Calls `reload` when any listed signal's countdown moves to its next phase (it opened, or it
 * expired): the server's view of it has changed.
 */
function useReloadOnPhaseChange(signals: readonly TSignal[] | undefined, now: number, reload: () => void) {
  const phases = signals?.map((signal) => `${signal.id}:${signalPhase(signal, now).phase}`).join('|');
  const previous = useRef<string | undefined>(undefined);
  const latestReload = useRef(reload);
  latestReload.current = reload;
  useEffect(() => {
    // A new answer brings new signals; only a change of phase over the same list reloads.
    const before = previous.current;
    previous.current = phases;
    if (before === undefined || phases === undefined || before === phases) return;
    const sameList = before.split('|').map(idOf).join() === phases.split('|').map(idOf).join();
    if (sameList) latestReload.current();
  }, [phases]);
}

const idOf = (entry: string) => entry.slice(0, entry.indexOf(':'));

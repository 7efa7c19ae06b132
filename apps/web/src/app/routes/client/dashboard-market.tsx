import { useTranslation } from 'react-i18next';
import { LiveChart } from '@/features/market/components/live-chart';
import { Watchlist } from '@/features/market/components/watchlist';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';

/** Dashboard: the live BTC/USD chart from the platform's own feed, in the page's theme. */
export function DashboardMarket() {
  const { t } = useTranslation('market');
  const { quotes, connected } = useLiveQuotes();
  const simulated = quotes.some((quote) => quote.source === 'simulated');
  return (
    <section
      aria-labelledby="dashboard-chart-title"
      className="min-w-0 rounded-2xl border border-border bg-surface p-4 sm:p-5"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-chart-title" className="font-semibold text-fg">
          {t('chart.title')}
        </h2>
        {quotes.length > 0 && (
          <p className="rounded-full border border-border px-3 py-0.5 text-xs font-medium text-muted">
            {connected ? (simulated ? t('source.simulated') : t('source.live')) : t('reconnecting')}
          </p>
        )}
      </div>
      <LiveChart />
    </section>
  );
}

/** Dashboard: the client's watchlist, priced from the page's one price stream. */
export function DashboardWatchlist() {
  const { quotes } = useLiveQuotes();
  return <Watchlist quotes={quotes} />;
}

import { useTranslation } from 'react-i18next';
import { HomeSection } from '@/components/home-section';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import { LiveChart } from './live-chart';
import { MarketTable } from './market-table';

/**
 * Home page "Live markets": the 10 pairs and a BTC/USD chart, from the platform's own feed. Where the
 * prices come from is said once, in the badge beside the title (and to screen readers in the table's
 * caption).
 */
export function MarketSection() {
  const { t } = useTranslation('market');
  const { quotes, connected } = useLiveQuotes();
  const simulated = quotes.some((quote) => quote.source === 'simulated');
  const source = simulated ? t('source.simulated') : t('source.live');
  return (
    <HomeSection
      id="market-title"
      title={t('title')}
      lead={t('lead')}
      aside={
        quotes.length > 0 && (
          <p className="rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium text-muted">
            {connected ? source : t('reconnecting')}
          </p>
        )
      }
    >
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <MarketTable quotes={quotes} caption={source} />
        <div className="rounded-2xl border border-border bg-surface p-4">
          <h3 className="mb-3 text-sm font-semibold text-fg">{t('chart.title')}</h3>
          <LiveChart />
        </div>
      </div>
    </HomeSection>
  );
}

import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyComponent } from '@/lib/lazy-component';

/** lightweight-charts loads with the chart only, after the page has painted. */
const BtcChart = lazyComponent(() => import('./btc-chart'), 'BtcChart');

/** The live BTC/USD chart from the platform's own feed, with the credit its library asks for. */
export function LiveChart() {
  const { t } = useTranslation('market');
  return (
    <>
      <Suspense fallback={<Skeleton className="h-72 w-full sm:h-80" />}>
        <BtcChart />
      </Suspense>
      <p className="mt-2 text-xs text-muted">
        {t('chart.credit')}{' '}
        <a
          href="https://www.tradingview.com/"
          target="_blank"
          rel="noopener noreferrer"
          className="underline hover:text-fg"
        >
          TradingView Lightweight Charts™
        </a>
      </p>
    </>
  );
}

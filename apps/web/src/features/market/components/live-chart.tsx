import type { TPair } from '@meridian/contracts/pairs';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyComponent } from '@/lib/lazy-component';
import type { PairChartProps } from './pair-chart';

/** lightweight-charts loads with the chart only, after the page has painted. */
const PairChart = lazyComponent(() => import('./pair-chart'), 'PairChart');

export interface LiveChartProps extends Omit<PairChartProps, 'pair'> {
  /** BTC/USD unless said (the home page's and the dashboard's chart). */
  pair?: TPair | undefined;
  /** What stands right under the chart, above the credit (a hint, an outcome). */
  children?: ReactNode;
}

/** A live chart of a pair from the platform's own feed, with the credit its library asks for. */
export function LiveChart({ pair = 'BTC/USD', children, ...chart }: LiveChartProps) {
  const { t } = useTranslation('market');
  return (
    <>
      <Suspense fallback={<Skeleton className="h-72 w-full sm:h-80" />}>
        <PairChart pair={pair} {...chart} />
      </Suspense>
      {children}
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

import {
  CHART_PERIODS,
  CHART_TYPES,
  type TChartSeries,
  type TChartType,
  type TTransactionCharts,
} from '@meridian/contracts/transaction-charts';
import { BarChart3, ChartColumnStacked } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ChoiceButtons } from '@/components/ui/choice-buttons';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Money } from '@/components/ui/money';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { dateTimeFormat, formatMoney } from '@/lib/format';
import { useTransactionCharts } from '../api/get-transaction-charts';
import { CHART_MEASURES, statusColor, type TChartMeasure } from '../utils/chart-colors';

// recharts is heavy: only the drawing waits for it; the figures, the choices and the table do not.
const ChartGraph = lazy(() => import('./transaction-charts-graph'));

type TPeriod = (typeof CHART_PERIODS)[number];
const DEFAULT_PERIOD: TPeriod = 30;

/** `?days=` when it is one of the offered periods, else 30 days. */
function usePeriodParam(): [TPeriod, (days: TPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const period = CHART_PERIODS.find((p) => p === asked) ?? DEFAULT_PERIOD;
  const setPeriod = (days: TPeriod) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (days === DEFAULT_PERIOD) next.delete('days');
        else next.set('days', String(days));
        return next;
      },
      { replace: true },
    );
  return [period, setPeriod];
}

/**
 * /admin/charts: the deposits, withdrawals and investments of the last 7, 30 or 90 UTC days, by status:
 * the period's figures for each type, then one type's days as stacked bars (amount or count), with
 * the same figures in a table for screen readers. Amounts are summed by the server in cents.
 */
export function TransactionChartsPage() {
  const { t } = useTranslation('transactions');
  const [period, setPeriod] = usePeriodParam();
  const charts = useTransactionCharts(period);
  const data = charts.data;
  const empty = data?.series.every((s) => s.total.count === 0);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('charts.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('charts.subtitle')}</p>
        </div>
        <ChoiceButtons
          legend={t('charts.period')}
          choices={CHART_PERIODS.map((p) => ({ value: p, label: t('charts.days', { days: p }) }))}
          value={period}
          onChange={setPeriod}
          testId="chart-period"
        />
      </header>

      {charts.isError && !data ? (
        <ErrorState title={t('charts.error')} onRetry={() => void charts.refetch()} retrying={charts.isFetching} />
      ) : !data ? (
        <LoadingStatus className="space-y-6" data-testid="loading">
          <div className="grid gap-4 md:grid-cols-3">
            {CHART_TYPES.map((type) => (
              <Skeleton key={type} className="h-44 rounded-2xl" />
            ))}
          </div>
          <Skeleton className="h-96 w-full rounded-2xl" />
        </LoadingStatus>
      ) : empty ? (
        <EmptyState
          icon={ChartColumnStacked}
          title={t('charts.empty', { days: data.dates.length })}
          description={t('charts.emptyHint')}
        />
      ) : (
        // While another period loads, the current figures stay, marked busy.
        <div aria-busy={charts.isPlaceholderData} className={cn('space-y-6', charts.isPlaceholderData && 'opacity-60')}>
          <StatusTotals data={data} />
          <OverTime data={data} />
        </div>
      )}
    </div>
  );
}

/** The period's figures: for each type, the sum and the number of records in each status. */
function StatusTotals({ data }: { data: TTransactionCharts }) {
  const { t } = useTranslation(['transactions', 'backoffice']);
  return (
    <section aria-labelledby="chart-totals">
      <h2 id="chart-totals" className="sr-only">
        {t('charts.totals', { days: data.dates.length })}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {CHART_TYPES.map((type) => (
          <section
            key={type}
            aria-labelledby={`chart-totals-${type}`}
            className="rounded-2xl border border-border bg-surface p-5"
            data-testid={`chart-totals-${type}`}
          >
            <h3 id={`chart-totals-${type}`} className="font-semibold text-fg">
              {t(`charts.types.${type}`)}
            </h3>
            <dl className="mt-3 divide-y divide-border">
              {seriesOf(data, type).map((s) => (
                <div key={s.status} className="flex items-baseline justify-between gap-3 py-2" data-status={s.status}>
                  <dt className="flex items-center gap-2 text-sm text-muted">
                    <span
                      aria-hidden="true"
                      className="h-2.5 w-2.5 shrink-0 rounded-full"
                      style={{ background: statusColor(s.status) }}
                    />
                    {t(`backoffice:statuses.${s.status}`)}
                  </dt>
                  <dd className="text-right">
                    <Money amount={s.total.amount} className="font-semibold text-fg" />
                    <span className="block text-xs text-muted">{t('charts.records', { n: s.total.count })}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}

/** One type's days, by status: the bars for the eye, a table for screen readers. */
function OverTime({ data }: { data: TTransactionCharts }) {
  const { t, i18n } = useTranslation(['transactions', 'backoffice']);
  const locale = i18n.resolvedLanguage ?? 'en';
  const [type, setType] = useState<TChartType>('Deposit');
  const [measure, setMeasure] = useState<TChartMeasure>('amount');
  const series = seriesOf(data, type);
  const none = series.every((s) => s.total.count === 0);
  const dayLabel = (iso: string) =>
    dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );

  return (
    <Card
      title={t('charts.overTime')}
      icon={BarChart3}
      actions={
        <>
          <ChoiceButtons
            legend={t('charts.type')}
            choices={CHART_TYPES.map((value) => ({ value, label: t(`charts.types.${value}`) }))}
            value={type}
            onChange={setType}
            testId="chart-type"
          />
          <ChoiceButtons
            legend={t('charts.measure')}
            choices={CHART_MEASURES.map((value) => ({ value, label: t(`charts.measures.${value}`) }))}
            value={measure}
            onChange={setMeasure}
            testId="chart-measure"
          />
        </>
      }
    >
      <div data-testid="transaction-chart">
        {none && <p className="mb-2 text-sm text-muted">{t(`charts.typeEmpty.${type}`)}</p>}
        <Suspense fallback={<Skeleton className="h-80 w-full" />}>
          <ChartGraph
            dates={data.dates}
            series={series}
            measure={measure}
            statusLabel={(status) => t(`backoffice:statuses.${status}`)}
            axisLabels={{ date: t('charts.axis.date'), value: t(`charts.axis.${measure}`) }}
          />
        </Suspense>
        {/* Hidden in a 1-pixel box that clips it (`sr-only` on a table itself leaves it full size). */}
        <div className="sr-only">
          <table>
            <caption>{t(`charts.tableCaption.${type}`, { days: data.dates.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('charts.axis.date')}</th>
                {series.map((s) => (
                  <th key={s.status} scope="col">
                    {t(`backoffice:statuses.${s.status}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.dates.map((date, i) => (
                <tr key={date}>
                  <th scope="row">{dayLabel(date)}</th>
                  {series.map((s) => {
                    const figure = s.days[i] ?? { count: 0, amount: 0 };
                    return (
                      <td key={s.status}>
                        {t('charts.cell', {
                          amount: formatMoney(figure.amount, locale),
                          n: figure.count,
                        })}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}

const seriesOf = (data: TTransactionCharts, type: TChartType): TChartSeries[] =>
  data.series.filter((s) => s.type === type);

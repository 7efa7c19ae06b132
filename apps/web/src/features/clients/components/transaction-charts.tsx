import type { TStatsDay } from '@meridian/contracts/clients';
import { CHART_PERIODS } from '@meridian/contracts/transaction-charts';
import { BarChart3, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/ui/card';
import { ChoiceButtons } from '@/components/ui/choice-buttons';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { messageKey } from '@/i18n';
import { dateTimeFormat, formatMoney, numberFormat } from '@/lib/format';
import { useStatsSeries } from '../api/get-stats';

/**
 * The dashboard's transaction charts: deposits, withdrawals and investments per day, with the way
 * to /admin/charts, which has them by status.
 * This module holds recharts and is loaded on its own (React.lazy), so the admin area's first
 * load does not carry it. The chart is drawn for the eye; a visually-hidden table gives the same
 * figures to screen readers. Colours are the theme's, so both themes work.
 */

const SERIES = [
  { key: 'deposits', color: 'var(--success)' },
  { key: 'withdrawals', color: 'var(--danger)' },
  { key: 'investments', color: 'var(--primary)' },
] as const;

export function TransactionCharts() {
  const { t, i18n } = useTranslation('clients');
  const [days, setDays] = useState<(typeof CHART_PERIODS)[number]>(30);
  const series = useStatsSeries(days);
  const locale = i18n.resolvedLanguage ?? 'en';

  return (
    <Card
      title={t('charts.title')}
      icon={BarChart3}
      actions={
        <ChoiceButtons
          legend={t('charts.period')}
          choices={CHART_PERIODS.map((p) => ({ value: p, label: t('charts.days', { days: p }) }))}
          value={days}
          onChange={setDays}
        />
      }
    >
      {series.isError ? (
        <ErrorState
          title={t(messageKey('clients.loadFailed'))}
          onRetry={() => void series.refetch()}
          retrying={series.isFetching}
        />
      ) : series.data ? (
        <ChartBody days={series.data.days} period={days} locale={locale} />
      ) : (
        <div role="status" aria-busy="true">
          <span className="sr-only">{t('common:loading')}</span>
          <Skeleton className="h-72 w-full" />
        </div>
      )}
      <div className="mt-3 flex justify-end">
        <Link
          to="/admin/charts"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('charts.more')}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}

function ChartBody({ days, period, locale }: { days: TStatsDay[]; period: number; locale: string }) {
  const { t } = useTranslation('clients');
  const dayLabel = (iso: string) =>
    dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const money = (value: number) => formatMoney(value, locale);
  const compact = (value: number) =>
    numberFormat(locale, { style: 'currency', currency: 'USD', notation: 'compact' }).format(value);
  const empty = days.every((d) => d.deposits === 0 && d.withdrawals === 0 && d.investments === 0);

  return (
    <div data-testid="transaction-charts">
      {empty && <p className="mb-2 text-sm text-muted">{t('charts.empty')}</p>}
      <div className="h-72 w-full text-xs" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from assistive technology (the table below says the same), so not focusable either. */}
          <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={dayLabel}
              stroke="var(--muted)"
              tick={{ fill: 'var(--muted)' }}
              minTickGap={24}
            />
            <YAxis tickFormatter={compact} stroke="var(--muted)" tick={{ fill: 'var(--muted)' }} width={64} />
            <Tooltip
              formatter={(value, name) => [money(Number(value)), t(`charts.${String(name)}`)]}
              labelFormatter={(label) => dayLabel(String(label))}
              contentStyle={{
                background: 'var(--surface)',
                border: '1px solid var(--border)',
                borderRadius: 12,
                color: 'var(--fg)',
              }}
            />
            <Legend formatter={(name) => <span className="text-fg">{t(`charts.${String(name)}`)}</span>} />
            {SERIES.map((s) => (
              <Area
                key={s.key}
                type="monotone"
                dataKey={s.key}
                stroke={s.color}
                fill={s.color}
                fillOpacity={0.12}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
      {/* Hidden in a 1-pixel box that clips it: a table ignores the width and overflow `sr-only` sets
          on it, and as wide and tall as its figures it widened and lengthened the page. */}
      <div className="sr-only">
        <table>
          <caption>{t('charts.tableCaption', { days: period })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('charts.date')}</th>
              <th scope="col">{t('charts.deposits')}</th>
              <th scope="col">{t('charts.withdrawals')}</th>
              <th scope="col">{t('charts.investments')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{dayLabel(d.date)}</th>
                <td>{money(d.deposits)}</td>
                <td>{money(d.withdrawals)}</td>
                <td>{money(d.investments)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export default TransactionCharts;

import type { TChartSeries } from '@meridian/contracts/transaction-charts';
import type { TTransactionStatus } from '@meridian/contracts/transaction-terms';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dateTimeFormat, formatMoney, numberFormat } from '@/lib/format';
import { statusColor, type TChartMeasure } from '../utils/chart-colors';

export interface TransactionChartsGraphProps {
  /** The period's UTC days, oldest first. */
  dates: string[];
  /** One type's series, one per status, each with a figure per day of `dates`. */
  series: TChartSeries[];
  measure: TChartMeasure;
  statusLabel: (status: TTransactionStatus) => string;
  axisLabels: { date: string; value: string };
}

/**
 * The bars of /admin/charts: one bar a day, stacked by status. This module holds recharts and is
 * loaded on its own (React.lazy), after the page's figures. It is drawn for the eye only: the page's
 * table says the same to screen readers, so the chart is hidden from them and not focusable.
 */
export function TransactionChartsGraph({
  dates,
  series,
  measure,
  statusLabel,
  axisLabels,
}: TransactionChartsGraphProps) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const rows = dates.map((date, i) => {
    const row: Record<string, string | number> = { date };
    for (const s of series) row[s.status] = s.days[i]?.[measure] ?? 0;
    return row;
  });
  const dayLabel = (iso: string) =>
    dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const valueText = (value: number) =>
    measure === 'amount' ? formatMoney(value, locale) : numberFormat(locale).format(value);
  const tickText = (value: number) =>
    measure === 'amount'
      ? numberFormat(locale, { style: 'currency', currency: 'USD', notation: 'compact' }).format(value)
      : numberFormat(locale, { notation: 'compact' }).format(value);

  return (
    <div className="text-xs" aria-hidden="true" data-testid="chart-graph">
      {/* The legend in HTML, in the series' order (recharts' own sorts them by name and, wrapped on a
          phone, ran over the top of the axis). */}
      <ul className="mb-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-fg">
        {series.map((s) => (
          <li key={s.status} className="flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm" style={{ background: statusColor(s.status) }} />
            {statusLabel(s.status)}
          </li>
        ))}
      </ul>
      <div className="h-80 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 16, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={dayLabel}
              stroke="var(--muted)"
              tick={{ fill: 'var(--muted)' }}
              minTickGap={24}
              label={{ value: axisLabels.date, position: 'insideBottom', offset: -12, fill: 'var(--muted)' }}
            />
            <YAxis
              tickFormatter={tickText}
              allowDecimals={measure === 'amount'}
              stroke="var(--muted)"
              tick={{ fill: 'var(--muted)' }}
              width={72}
              label={{ value: axisLabels.value, angle: -90, position: 'insideLeft', fill: 'var(--muted)' }}
            />
            <Tooltip
              formatter={(value) => valueText(Number(value))}
              labelFormatter={(label) => dayLabel(String(label))}
              cursor={{ fill: 'var(--surface-2)' }}
              contentStyle={{
                background: 'var(--surface)',
                border: '1px solid var(--border)',
                borderRadius: 12,
                color: 'var(--fg)',
              }}
            />
            {series.map((s) => (
              <Bar
                key={s.status}
                dataKey={s.status}
                name={statusLabel(s.status)}
                stackId="status"
                fill={statusColor(s.status)}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

export default TransactionChartsGraph;

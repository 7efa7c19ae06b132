import { PAYOUT_ACTIVITY_REFRESH_MS, type TPayoutActivities, type TPayoutActivity } from '@meridian/contracts/payouts';
import { Activity, CalendarClock, Layers, type LucideIcon, Scale, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { PlanBadge } from '@/components/ui/plan-badge';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { usePayoutActivities } from '../api/get-payout-activities';

/**
 * /user/trade-activities: the client's payouts of the last 24 hours (a paid one is a profit, one an
 * admin rejected a loss, with the reason), their totals, the client's plan and the next payout due.
 * Refreshed every 30 seconds.
 */
export function PayoutActivitiesPage({ userId }: { userId: string }) {
  const { t } = useTranslation(['investments', 'common']);
  const query = usePayoutActivities(userId);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-fg">{t('investments:activities.title')}</h1>
        <p className="mt-1 text-sm text-muted">
          {t('investments:activities.subtitle', { seconds: PAYOUT_ACTIVITY_REFRESH_MS / 1000 })}
        </p>
      </div>
      <QueryView
        query={query}
        loading={
          <div role="status" aria-busy="true" className="space-y-4" data-testid="loading">
            <span className="sr-only">{t('common:loading')}</span>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
              {['a', 'b', 'c', 'd', 'e'].map((key) => (
                <Skeleton key={key} className="h-24 rounded-2xl" />
              ))}
            </div>
            <Skeleton className="h-64 w-full rounded-2xl" />
          </div>
        }
        errorTitle={t('investments:activities.error')}
      >
        {(data) => <ActivitiesBody data={data} updatedAt={query.dataUpdatedAt} />}
      </QueryView>
    </div>
  );
}

function ActivitiesBody({ data, updatedAt }: { data: TPayoutActivities; updatedAt: number }) {
  const { t, i18n } = useTranslation('investments');
  const locale = i18n.resolvedLanguage;
  const { summary } = data;
  return (
    <>
      <section aria-labelledby="activity-summary">
        <h2 id="activity-summary" className="sr-only">
          {t('activities.summary')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3" data-testid="activity-summary">
          <SummaryCard label={t('activities.totalProfit')} icon={TrendingUp} testId="total-profit">
            <Money
              amount={summary.totalProfit}
              direction={summary.totalProfit > 0 ? 'in' : undefined}
              className={cn(summary.totalProfit > 0 && 'text-success')}
            />
          </SummaryCard>
          <SummaryCard label={t('activities.totalLoss')} icon={TrendingDown} testId="total-loss">
            <Money
              amount={summary.totalLoss}
              direction={summary.totalLoss > 0 ? 'out' : undefined}
              className={cn(summary.totalLoss > 0 && 'text-danger')}
            />
          </SummaryCard>
          <SummaryCard label={t('activities.netPL')} icon={Scale} testId="net-pl">
            <Money
              amount={Math.abs(summary.netPL)}
              direction={summary.netPL > 0 ? 'in' : summary.netPL < 0 ? 'out' : undefined}
              className={cn(summary.netPL > 0 && 'text-success', summary.netPL < 0 && 'text-danger')}
            />
          </SummaryCard>
          <SummaryCard label={t('activities.plan')} icon={Layers} testId="activity-plan">
            {data.plan ? (
              <PlanBadge name={data.plan.name} className="text-sm" />
            ) : (
              <Link
                to="/user/investmentplan"
                className="rounded-sm text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
              >
                {t('activities.choosePlan')}
              </Link>
            )}
          </SummaryCard>
          <SummaryCard label={t('activities.nextPayout')} icon={CalendarClock} testId="next-payout" wide>
            {data.nextPayout ? (
              <span className="flex flex-wrap items-baseline gap-x-2">
                <Money amount={data.nextPayout.amount} />
                <span className="text-sm font-normal text-muted">
                  {formatDateTime(data.nextPayout.dueDate, locale)}
                </span>
              </span>
            ) : (
              <span className="text-sm font-normal text-muted">{t('activities.noNextPayout')}</span>
            )}
          </SummaryCard>
        </dl>
      </section>

      <section aria-labelledby="activity-list" className="rounded-2xl border border-border bg-surface">
        <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 pt-4 sm:px-6 sm:pt-5">
          <h2 id="activity-list" className="font-semibold text-fg">
            {t('activities.listTitle')}
          </h2>
          {updatedAt > 0 && (
            <p className="text-xs text-muted">
              {t('activities.updated', { time: formatDateTime(new Date(updatedAt).toISOString(), locale) })}
            </p>
          )}
        </div>
        {data.activities.length === 0 ? (
          <EmptyState
            icon={Activity}
            title={t('activities.empty')}
            description={t('activities.emptyHint')}
            className="m-4 border-none sm:m-6"
          />
        ) : (
          <ul className="mt-3 divide-y divide-border" data-testid="activity-list">
            {data.activities.map((activity) => (
              <ActivityRow key={activity.id} activity={activity} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ActivityRow({ activity }: { activity: TPayoutActivity }) {
  const { t, i18n } = useTranslation('investments');
  const profit = activity.type === 'profit';
  const Icon = profit ? TrendingUp : TrendingDown;
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-6" data-testid="activity-row">
      <span
        aria-hidden="true"
        className={cn(
          'grid h-9 w-9 shrink-0 place-items-center rounded-full',
          profit ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
        )}
      >
        <Icon className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={profit ? 'success' : 'danger'}>{t(profit ? 'activities.profit' : 'activities.loss')}</Badge>
          <span className="truncate text-sm font-medium text-fg">{activity.planName}</span>
        </div>
        <p className="mt-1 text-xs text-muted">
          <span className="sr-only">{t('activities.processedAt')}: </span>
          {formatDateTime(activity.processedAt, i18n.resolvedLanguage)}
        </p>
        {activity.reason && (
          <p className="mt-1 whitespace-pre-line text-sm text-fg">
            <span className="text-muted">{t('activities.reason')}: </span>
            {activity.reason}
          </p>
        )}
      </div>
      <Money
        amount={activity.amount}
        direction={profit ? 'in' : 'out'}
        className={cn('shrink-0 text-sm font-semibold', profit ? 'text-success' : 'text-danger')}
      />
    </li>
  );
}

function SummaryCard({
  label,
  icon: Icon,
  testId,
  wide = false,
  children,
}: {
  label: string;
  icon: LucideIcon;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    // A dl may hold only dt/dd groups (each in one div), so the icon sits inside the term.
    <div
      className={cn('rounded-2xl border border-border bg-surface p-4 sm:p-5', wide && 'col-span-2 lg:col-span-1')}
      data-testid={testId}
    >
      <dt className="flex items-center gap-2 text-sm text-muted">
        <Icon className="h-4 w-4 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-2 truncate text-lg font-semibold text-fg sm:text-xl">{children}</dd>
    </div>
  );
}

import { PAYOUT_ACTIVITY_REFRESH_MS, type TPayoutActivities, type TPayoutActivity } from '@meridian/contracts/payouts';
import { Activity, CalendarClock, CircleSlash, Layers, Scale, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Money, SignedMoney } from '@/components/ui/money';
import { PlanBadge } from '@/components/ui/plan-badge';
import { QueryView } from '@/components/ui/query-view';
import { SummaryFigure, SummaryFigures, SummaryFiguresLoading } from '@/components/ui/summary-figures';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { usePayoutActivities } from '../api/get-payout-activities';

/**
 * /user/trade-activities: the client's payouts of the last 24 hours (a paid one is a profit; one an
 * admin rejected was not paid, with the reason), their totals, the client's plan and the next payout due.
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
        loading={<SummaryFiguresLoading figures={5} columns={3} />}
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
      <SummaryFigures title={t('activities.summary')} columns={3} testId="activity-summary">
        <SummaryFigure label={t('activities.totalProfit')} icon={TrendingUp} testId="total-profit">
          <SignedMoney amount={summary.totalProfit} />
        </SummaryFigure>
        {/* The spec's "total loss": returns an admin rejected. They took no money, so they are shown
            as not paid and net P&L does not subtract them (docs/money.md, "Profit"). */}
        <SummaryFigure label={t('activities.notPaid')} icon={CircleSlash} testId="total-loss">
          <Money amount={summary.totalLoss} />
        </SummaryFigure>
        <SummaryFigure label={t('activities.netPL')} icon={Scale} testId="net-pl">
          <SignedMoney amount={summary.netPL} />
        </SummaryFigure>
        <SummaryFigure label={t('activities.plan')} icon={Layers} testId="activity-plan">
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
        </SummaryFigure>
        <SummaryFigure label={t('activities.nextPayout')} icon={CalendarClock} testId="next-payout" wide>
          {data.nextPayout ? (
            <span className="flex flex-wrap items-baseline gap-x-2">
              <Money amount={data.nextPayout.amount} />
              <span className="text-sm font-normal text-muted">{formatDateTime(data.nextPayout.dueDate, locale)}</span>
            </span>
          ) : (
            <span className="text-sm font-normal text-muted">{t('activities.noNextPayout')}</span>
          )}
        </SummaryFigure>
      </SummaryFigures>

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
  // The spec's "loss" line: a payout an admin rejected, which paid nothing and took nothing.
  const paid = activity.type === 'profit';
  const Icon = paid ? TrendingUp : CircleSlash;
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-6" data-testid="activity-row">
      <span
        aria-hidden="true"
        className={cn(
          'grid h-9 w-9 shrink-0 place-items-center rounded-full',
          paid ? 'bg-success-soft text-success' : 'bg-surface-2 text-muted',
        )}
      >
        <Icon className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={paid ? 'success' : 'neutral'}>{t(paid ? 'activities.profit' : 'activities.rejected')}</Badge>
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
      {paid ? (
        <Money amount={activity.amount} direction="in" className="shrink-0 text-sm font-semibold text-success" />
      ) : (
        <Money amount={activity.amount} className="shrink-0 text-sm text-muted" />
      )}
    </li>
  );
}

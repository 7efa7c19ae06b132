import { processDueTrades } from '@meridian/contracts/endpoints/payouts';
import { CalendarClock, CircleCheck, CircleX, type LucideIcon, PlayCircle, Timer, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useKeepPageInRange, usePageParam } from '@/hooks/use-page-param';
import { messageKey } from '@/i18n';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { usePayoutJob } from '../api/get-job-status';
import { type TPayoutList, usePayouts } from '../api/get-payouts';
import { useProcessDuePayouts } from '../api/process-due-payouts';
import { PayoutTable } from './payout-table';

/** A decision dialog closes 2 seconds after it succeeded, as status dialogs do. */
const CLOSE_AFTER_MS = 2000;

const PAGES: Record<TPayoutList, { path: string; icon: LucideIcon }> = {
  pending: { path: '/admin/trades', icon: Timer },
  due: { path: '/admin/trades/due', icon: CalendarClock },
  rejected: { path: '/admin/trades/rejected', icon: CircleX },
};

/**
 * The Trade Log (/admin/trades: pending payouts), Due trades (/admin/trades/due: pending and due,
 * with Process All Trades) and Rejected trades (/admin/trades/rejected): heading, count card, links
 * between the three, and the table paged by 10 with its loading, empty and error states.
 */
export function PayoutListPage({ list }: { list: TPayoutList }) {
  const canProcess = useCan(processDueTrades.permission);
  const { t } = useTranslation('payouts');
  const [page, setPage] = usePageParam();
  const query = usePayouts(list, page);
  useKeepPageInRange(page, query.data?.totalPage, setPage);

  return (
    <ListPage
      title={t(`${list}.title`)}
      subtitle={t(`${list}.subtitle`)}
      actions={list === 'due' && canProcess ? <ProcessAllButton /> : undefined}
      below={<PayoutTabs />}
      toolbar={
        <>
          {list === 'due' && <AutoProcessingNote />}
          <CountCard list={list} total={query.data?.total} />
        </>
      }
      query={query}
      errorTitle={t('backoffice:lists.loadError')}
      isEmpty={(data) => data.trades.length === 0}
      empty={<EmptyState icon={PAGES[list].icon} title={t(`${list}.empty`)} />}
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPage }}
    >
      {(data) => <PayoutTable list={list} caption={t(`${list}.title`)} trades={data.trades} />}
    </ListPage>
  );
}

/** Trade Log, Due trades, Rejected trades: links, the current page marked. */
function PayoutTabs() {
  const { t } = useTranslation('payouts');
  return (
    <nav aria-label={t('tabs')} className="-mx-1 overflow-x-auto px-1">
      <ul className="inline-flex min-w-max gap-1 rounded-xl border border-border bg-surface p-1">
        {(Object.keys(PAGES) as TPayoutList[]).map((list) => (
          <li key={list}>
            <NavLink
              to={PAGES[list].path}
              end
              className={({ isActive }) =>
                cn(
                  'block rounded-lg px-4 py-1.5 text-sm font-medium transition-colors',
                  isActive ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
                )
              }
              data-testid={`trade-tab-${list}`}
            >
              {t(`${list}.tab`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How many payouts the list holds in all (not only this page). */
function CountCard({ list, total }: { list: TPayoutList; total: number | undefined }) {
  const { t } = useTranslation('payouts');
  const Icon = PAGES[list].icon;
  return (
    <section
      aria-label={t(`${list}.count`)}
      className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-5 sm:max-w-sm"
    >
      <span
        className={cn(
          'grid h-11 w-11 shrink-0 place-items-center rounded-xl',
          list === 'rejected' ? 'bg-danger-soft text-danger' : 'bg-primary/10 text-primary',
        )}
      >
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted">{t(`${list}.count`)}</p>
        {total === undefined ? (
          <Skeleton className="mt-1 h-7 w-16" />
        ) : (
          <p className="text-2xl font-semibold tabular-nums text-fg" data-testid="trade-count">
            {total}
          </p>
        )}
      </div>
    </section>
  );
}

/** Whether this server pays due payouts by itself (GET /api/health, the payouts job), so the admin knows what Process All Trades adds. */
function AutoProcessingNote() {
  const { t } = useTranslation('payouts');
  const format = useLocaleFormat();
  const job = usePayoutJob();
  if (!job.data) return null;
  const { enabled, lastRunAt, lastError } = job.data;
  return (
    <Alert tone={enabled ? 'info' : 'warning'} className="flex items-start gap-2">
      {enabled ? (
        <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      ) : (
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      )}
      <span data-testid="auto-processing">
        {t(enabled ? 'auto.on' : 'auto.off')}
        {enabled && lastRunAt && <> {t('auto.lastRun', { time: format.dateTime(lastRunAt) })}</>}
        {enabled && lastError && <> {t('auto.lastFailed')}</>}
      </span>
    </Alert>
  );
}

/** Process All Trades, after 'Are you sure you want to process all due trades?'. */
function ProcessAllButton() {
  const { t } = useTranslation('payouts');
  const errorText = useApiErrorText();
  const process = useProcessDuePayouts();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    process.reset();
  };
  useAfterDelay(open && process.isSuccess, CLOSE_AFTER_MS, close);

  const processed = process.data
    ? `${t(messageKey('investments.tradesProcessed'))}. ${t('processedCount', { processed: process.data.processed })}`
    : undefined;

  const confirm = () => {
    if (process.isPending || process.isSuccess) return;
    process.mutate(undefined, {
      onSuccess: (answer) =>
        toast.success(t(messageKey('investments.tradesProcessed')), {
          description: t('processedCount', { processed: answer.processed }),
        }),
      onError: (err) => toast.error(errorText(err, t('processFailed'))),
    });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="process-all">
        <PlayCircle className="h-4 w-4" aria-hidden="true" />
        {t('processAll')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) close();
        }}
        title={t('processAll')}
        description={t('processConfirm')}
        confirmLabel={t('processAll')}
        tone="primary"
        onConfirm={confirm}
        busy={process.isPending}
        done={processed}
        error={process.isError ? errorText(process.error, t('processFailed')) : undefined}
      />
    </>
  );
}

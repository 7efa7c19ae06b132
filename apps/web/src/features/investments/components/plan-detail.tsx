import type { TInvestmentPlan } from '@meridian/contracts/investments';
import type { TDepositMethod } from '@meridian/contracts/methods';
import type { UseQueryResult } from '@tanstack/react-query';
import { BadgeCheck, Landmark, Layers, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/money/back-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { PlanBadge } from '@/components/ui/plan-badge';
import { QueryView } from '@/components/ui/query-view';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { usePlan } from '../api/get-plan';
import { EarningsExample } from './earnings-example';
import { InvestFromBalanceDialog } from './invest-from-balance-dialog';
import { InvestViaDepositDialog } from './invest-via-deposit-dialog';
import { Interest } from './plan-facts';

export interface PlanDetailProps {
  planId: string;
  userId: string;
  /** The deposit methods Invest Via Deposit offers. */
  depositMethods: UseQueryResult<TDepositMethod[]>;
}

/** /user/investmentplan/{id}, Investment Plan Details: the plan's terms and the two ways to invest in it. */
export function PlanDetail({ planId, userId, depositMethods }: PlanDetailProps) {
  const { t } = useTranslation(['investments', 'common']);
  const query = usePlan(planId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink to="/user/investmentplan">{t('investments:detail.back')}</BackLink>
      {notFound ? (
        <EmptyState
          icon={Layers}
          title={t('investments:detail.noData')}
          description={t('investments:detail.noDataHint')}
        />
      ) : (
        <QueryView
          query={query}
          loading={
            <LoadingStatus className="space-y-4" data-testid="loading">
              <Skeleton className="h-40 w-full rounded-2xl" />
              <Skeleton className="h-72 w-full rounded-2xl" />
            </LoadingStatus>
          }
          errorTitle={t('investments:detail.error')}
        >
          {(plan) => <DetailBody plan={plan} userId={userId} depositMethods={depositMethods} />}
        </QueryView>
      )}
    </div>
  );
}

function DetailBody({
  plan,
  userId,
  depositMethods,
}: {
  plan: TInvestmentPlan;
  userId: string;
  depositMethods: UseQueryResult<TDepositMethod[]>;
}) {
  const { t } = useTranslation('investments');
  const [dialog, setDialog] = useState<'balance' | 'deposit' | null>(null);
  // The smallest amount the plan takes, or its largest when it has no minimum.
  const exampleAmount = plan.minAmount > 0 ? plan.minAmount : plan.maxAmount;
  const close = () => setDialog(null);
  return (
    <>
      <section
        aria-labelledby="plan-title"
        className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
        data-testid="plan-detail"
      >
        <p className="text-sm font-medium text-muted">{t('detail.title')}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 id="plan-title" className="text-2xl font-semibold text-fg">
            {plan.name}
          </h1>
          <PlanBadge name={plan.name} />
          <Badge tone="success" icon={<BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />}>
            {t('detail.noHiddenCharges')}
          </Badge>
        </div>
        <p className="mt-5 text-4xl font-semibold tracking-tight text-fg" data-testid="plan-interest">
          <Interest value={plan.interest} />
        </p>
        <p className="text-sm text-muted">{t('plan.interestHint', { days: plan.duration })}</p>

        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button
            size="lg"
            className="sm:flex-1"
            onClick={() => setDialog('balance')}
            data-testid="invest-from-balance"
          >
            <Wallet className="h-5 w-5" aria-hidden="true" />
            {t('detail.fromBalance')}
          </Button>
          <Button
            size="lg"
            variant="outline"
            className="sm:flex-1"
            onClick={() => setDialog('deposit')}
            data-testid="invest-via-deposit"
          >
            <Landmark className="h-5 w-5" aria-hidden="true" />
            {t('detail.viaDeposit')}
          </Button>
        </div>
      </section>

      <section aria-labelledby="plan-terms" className="rounded-2xl border border-border bg-surface">
        <h2 id="plan-terms" className="px-5 pt-5 font-semibold text-fg sm:px-6">
          {t('detail.terms')}
        </h2>
        <dl className="mt-2 divide-y divide-border">
          <Row label={t('plan.interest')}>
            <Interest value={plan.interest} />
          </Row>
          <Row label={t('plan.tradesPerDay')}>{plan.noOfTimes}</Row>
          <Row label={t('plan.duration')}>{t('plan.days', { days: plan.duration })}</Row>
          <Row label={t('detail.minimum')}>
            <Money amount={plan.minAmount} />
          </Row>
          <Row label={t('detail.maximum')}>
            <Money amount={plan.maxAmount} />
          </Row>
          <Row label={t('detail.frequency')}>{t('plan.daily')}</Row>
        </dl>
      </section>

      {exampleAmount > 0 && (
        <section
          aria-labelledby="plan-example"
          className="rounded-2xl border border-primary/30 bg-primary/5 p-5 text-sm sm:p-6"
        >
          <h2 id="plan-example" className="font-semibold text-fg">
            {t('detail.example')}
          </h2>
          <EarningsExample amount={exampleAmount} terms={plan} className="mt-1 text-fg" />
          <p className="mt-2 text-xs text-muted">{t('detail.exampleNote')}</p>
        </section>
      )}

      {dialog === 'balance' && <InvestFromBalanceDialog plan={plan} userId={userId} onClose={close} />}
      {dialog === 'deposit' && (
        <InvestViaDepositDialog plan={plan} userId={userId} methods={depositMethods} onClose={close} />
      )}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 px-5 py-3.5 text-sm sm:px-6">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-fg">{children}</dd>
    </div>
  );
}

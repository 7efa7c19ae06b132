import { Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MethodCard } from '@/components/money/method-card';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useDepositMethods } from '../api/get-deposit-methods';
import { DepositGuideSteps } from './deposit-guide';

/**
 * /user/deposit-process, the deposit guide: the operator's deposit methods as they are configured
 * (each with its processing time and limits, leading to its deposit), the four steps and how long
 * confirmation takes, then `security`, the note on the client's two-factor sign-in
 * (docs/deviations.md, "The deposit guide shows the real methods").
 */
export function DepositProcess({ security }: { security: ReactNode }) {
  const { t } = useTranslation('deposits');
  const methods = useDepositMethods();
  const none = methods.data?.length === 0;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('guide.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('guide.lead')}</p>
        </div>
        {methods.data && !none && <ButtonLink to="/user/deposit">{t('guide.start')}</ButtonLink>}
      </header>

      <section aria-labelledby="deposit-process-methods" className="space-y-4">
        <div>
          <h2 id="deposit-process-methods" className="text-lg font-semibold text-fg">
            {t('guide.methodsTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('guide.methodsLead')}</p>
        </div>
        {methods.isPending ? (
          <LoadingStatus className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="loading">
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className="h-64 rounded-2xl" />
            ))}
          </LoadingStatus>
        ) : methods.isError ? (
          <ErrorState title={t('deposit.error')} onRetry={() => void methods.refetch()} retrying={methods.isFetching} />
        ) : none ? (
          <EmptyState icon={Landmark} title={t('deposit.empty')} description={t('deposit.emptyHint')} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="deposit-process-methods">
            {methods.data.map((method) => (
              <MethodCard
                key={method.id}
                method={method}
                kind="deposit"
                heading="h3"
                to={`/user/depositmethod/${method.id}`}
                action={t('deposit.depositWith', { method: method.name })}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="deposit-process-steps" className="rounded-2xl border border-border bg-surface p-5">
        <h2 id="deposit-process-steps" className="mb-4 text-lg font-semibold text-fg">
          {t('guide.stepsTitle')}
        </h2>
        <DepositGuideSteps />
      </section>

      {security}
    </div>
  );
}

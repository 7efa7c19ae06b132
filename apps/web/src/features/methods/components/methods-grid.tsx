import { createDepositMethod } from '@meridian/contracts/endpoints/methods';
import { isBitcoinMethod } from '@meridian/contracts/methods';
import { ChevronRight, CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CardGrid, ListPage } from '@/components/ui/list-page';
import { SkeletonCards } from '@/components/ui/skeleton';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { cn } from '@/lib/cn';
import { useMethods } from '../api/get-methods';
import { METHOD_KINDS, type TMethod, type TMethodKind } from '../api/method-kinds';
import { MethodFormDialog } from './method-form-dialog';
import { MethodInitial, ProcessingTime, RecommendedBadge } from './method-visuals';

/** /admin/depositmethods and /admin/withdrawalmethods: the card grid and Create New Method. */
export function MethodsGrid({ kind }: { kind: TMethodKind }) {
  const { t } = useTranslation('methods');
  const methods = useMethods(kind);
  const [creating, setCreating] = useState(false);
  // Every method of either kind is edited under one permission (catalogue.manage); others only read.
  const canEdit = useCan(createDepositMethod.permission);

  const createButton = canEdit && (
    <Button onClick={() => setCreating(true)} data-testid="method-create">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {t('admin.create')}
    </Button>
  );

  return (
    <ListPage
      title={t(`methods.${kind}.title`)}
      subtitle={t(`methods.${kind}.subtitle`)}
      actions={createButton || undefined}
      query={methods}
      loading={<SkeletonCards height="h-44" />}
      errorTitle={t('backoffice:lists.loadError')}
      isEmpty={(data) => data.length === 0}
      empty={
        <EmptyState
          icon={CreditCard}
          title={t('admin.empty')}
          description={t(`methods.${kind}.emptyBody`)}
          action={createButton || undefined}
        />
      }
      dialogs={creating && <MethodFormDialog kind={kind} onClose={() => setCreating(false)} />}
    >
      {(data) => (
        <CardGrid label={t(`methods.${kind}.title`)} items={data} itemKey={(method) => method.id}>
          {(method) => <MethodCard kind={kind} method={method} />}
        </CardGrid>
      )}
    </ListPage>
  );
}

function MethodCard({ kind, method }: { kind: TMethodKind; method: TMethod }) {
  const { t } = useTranslation('methods');
  const format = useLocaleFormat();
  const bitcoin = isBitcoinMethod(method.name);
  return (
    <Link
      to={METHOD_KINDS[kind].detailRoute(method.id)}
      className={cn(
        'group flex h-full flex-col gap-5 rounded-2xl border bg-surface p-5 transition-colors hover:border-primary/60',
        bitcoin ? 'border-amber-400/70' : 'border-border',
      )}
      data-testid="method-card"
    >
      <div className="flex items-start gap-3">
        <MethodInitial name={method.name} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="break-words font-semibold text-fg">{method.name}</p>
            <RecommendedBadge name={method.name} kind={kind} />
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-muted">{method.description}</p>
        </div>
      </div>
      <dl className="mt-auto grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-3 border-t border-border pt-4 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('admin.processingTime')}</dt>
          <dd className="mt-0.5 text-fg">
            <ProcessingTime name={method.name} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('admin.fee')}</dt>
          <dd className="mt-0.5 text-fg">0%</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted">{t('admin.limits')}</dt>
          <dd className="mt-0.5 tabular-nums text-fg">
            {t('admin.limitsRange', { min: format.money(method.minAmount), max: format.money(method.maxAmount) })}
          </dd>
        </div>
      </dl>
      <span className="-mt-1 inline-flex items-center gap-1 text-sm font-medium text-primary">
        {t('admin.viewDetails')}
        <ChevronRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
      </span>
    </Link>
  );
}

import { createPlan } from '@meridian/contracts/endpoints/plans';
import { planColour, type TInvestmentPlan } from '@meridian/contracts/investments';
import { CalendarDays, Clock, Layers, Lock, Pencil, Plus, Repeat, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlans } from '@/api/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { CardGrid, ListPage } from '@/components/ui/list-page';
import { Money } from '@/components/ui/money';
import { planAccent } from '@/components/ui/plan-badge';
import { SkeletonCards } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCan } from '@/hooks/use-can';
import { messageKey } from '@/i18n';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeletePlan } from '../api/delete-plan';
import { PlanFormDialog } from './plan-form-dialog';

/** A delete dialog closes about 1 second after it succeeded. */
const DELETE_CLOSE_MS = 1000;

/** The name's colour of a known plan, readable on the card in both themes. */
const nameColours = {
  blue: 'text-blue-700 dark:text-blue-300',
  violet: 'text-violet-700 dark:text-violet-300',
  amber: 'text-amber-800 dark:text-amber-300',
  neutral: 'text-fg',
} as const;

type TOpen = { plan: TInvestmentPlan; dialog: 'edit' | 'delete' } | { dialog: 'create' } | null;

/** /admin/investmentplans: the card grid, Create New Plan, Edit Plan and (for a plan nobody invested in) Delete. */
export function PlansGrid() {
  const { t } = useTranslation('plans');
  const plans = usePlans();
  const [open, setOpen] = useState<TOpen>(null);
  const close = () => setOpen(null);
  // Creating, editing and deleting plans share one permission (catalogue.manage); others only read.
  const canEdit = useCan(createPlan.permission);

  const createButton = (label: string) => (
    <Button onClick={() => setOpen({ dialog: 'create' })} className="shrink-0" data-testid="plan-create">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <ListPage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={canEdit ? createButton(t('create')) : undefined}
      query={plans}
      loading={<SkeletonCards height="h-80" />}
      errorTitle={t('loadError')}
      isEmpty={(data) => data.length === 0}
      empty={
        <EmptyState
          icon={Layers}
          title={t('empty')}
          description={t('emptyBody')}
          action={canEdit ? createButton(t('createShort')) : undefined}
        />
      }
      dialogs={
        <>
          {(open?.dialog === 'create' || open?.dialog === 'edit') && (
            <PlanFormDialog onClose={close} plan={open.dialog === 'edit' ? open.plan : undefined} />
          )}
          {open?.dialog === 'delete' && <DeletePlanDialog plan={open.plan} onClose={close} />}
        </>
      }
    >
      {(data) => (
        <CardGrid label={t('title')} items={data} itemKey={(plan) => plan.id}>
          {(plan) => <PlanCard plan={plan} onOpen={canEdit ? (dialog) => setOpen({ plan, dialog }) : undefined} />}
        </CardGrid>
      )}
    </ListPage>
  );
}

/** A plan's card; `onOpen` absent: the reader's role may not edit plans, so the card offers nothing. */
function PlanCard({
  plan,
  onOpen,
}: {
  plan: TInvestmentPlan;
  onOpen?: ((dialog: 'edit' | 'delete') => void) | undefined;
}) {
  const { t, i18n } = useTranslation('plans');
  const titleId = useId();
  const inUseId = useId();
  const colour = planColour(plan.name);
  const percent = numberFormat(i18n.resolvedLanguage ?? 'en', { style: 'percent', maximumFractionDigits: 2 });
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid="plan-card"
      data-colour={colour}
    >
      <span aria-hidden="true" className={cn('h-1.5 w-full', planAccent[colour])} />
      <div className="flex flex-1 flex-col gap-5 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className={cn('break-words text-lg font-semibold', nameColours[colour])}>
              {plan.name}
            </h2>
            <p className="mt-1 text-3xl font-bold tabular-nums text-fg" data-testid="plan-interest">
              {percent.format(plan.interest / 100)}
            </p>
            <p className="text-xs text-muted">{t('interestLabel', { days: plan.duration })}</p>
          </div>
          {plan.inUse && (
            <Badge tone="info" icon={<Lock className="h-3 w-3" aria-hidden="true" />} className="shrink-0">
              {t('inUse')}
            </Badge>
          )}
        </div>
        <dl className="grid gap-3 border-t border-border pt-4 text-sm">
          <Fact icon={Repeat} label={t('fields.noOfTimes')}>
            {t('timesPerDay', { times: plan.noOfTimes })}
          </Fact>
          <Fact icon={CalendarDays} label={t('fields.duration')}>
            {t('days', { days: plan.duration })}
          </Fact>
          <Fact label={t('min')}>
            <Money amount={plan.minAmount} />
          </Fact>
          <Fact label={t('max')}>
            <Money amount={plan.maxAmount} />
          </Fact>
          <Fact icon={Clock} label={t('earnings')}>
            {t('earningsDays')}
          </Fact>
        </dl>
        {plan.inUse && (
          <p id={inUseId} className="text-xs text-muted">
            {t('inUseNote')}
          </p>
        )}
        {onOpen && (
          <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
            <Button
              variant="outline"
              size="sm"
              onClick={() => onOpen('edit')}
              aria-describedby={plan.inUse ? inUseId : undefined}
              data-testid="plan-edit"
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {t('edit')}
              <span className="sr-only">: {plan.name}</span>
            </Button>
            {!plan.inUse && (
              <Button variant="dangerGhost" size="sm" onClick={() => onOpen('delete')} data-testid="plan-delete">
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('delete')}
                <span className="sr-only">: {plan.name}</span>
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

function Fact({ icon: Icon, label, children }: { icon?: typeof Clock; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="flex min-w-0 items-center gap-2 text-muted">
        {Icon ? <Icon className="h-4 w-4 shrink-0" aria-hidden="true" /> : <span className="w-4" aria-hidden="true" />}
        {label}
      </dt>
      <dd className="text-right font-medium tabular-nums text-fg">{children}</dd>
    </div>
  );
}

function DeletePlanDialog({ plan, onClose }: { plan: TInvestmentPlan; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const errorText = useApiErrorText();
  const remove = useDeletePlan(plan.id);
  const deleted = t(messageKey('investments.planDeleted'));

  useAfterDelay(remove.isSuccess, DELETE_CLOSE_MS, onClose);

  const confirm = () => {
    if (remove.isPending || remove.isSuccess) return;
    remove.mutate(undefined, { onSuccess: () => toast.success(deleted) });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('deleteTitle', { name: plan.name })}
      description={t('backoffice:delete.confirmation')}
      confirmLabel={t('delete')}
      onConfirm={confirm}
      busy={remove.isPending}
      done={remove.isSuccess ? deleted : undefined}
      error={remove.isError ? errorText(remove.error, t('deleteFailed')) : undefined}
    />
  );
}

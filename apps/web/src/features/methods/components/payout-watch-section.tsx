import { type TPayoutWatch, type TPayoutWatchInput, ZPayoutWatchInput } from '@meridian/contracts/chain-payouts';
import { setPayoutWatch } from '@meridian/contracts/endpoints/chain-payouts';
import { Link2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCan } from '@/hooks/use-can';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { usePayoutWatch, useSavePayoutWatch } from '../api/payout-watch';
import {
  ChainNodeFacts,
  ChainNodeFields,
  nodeInitialValues,
  type TNodeFormValues,
  WATCH_CLOSE_AFTER_MS,
  watchFormResolver,
} from './chain-node-fields';

/** The payout watch has only the shared node fields (see chain-node-fields.tsx). */
type TWatchFormValues = TNodeFormValues;
type TField = keyof TWatchFormValues;
const FIELDS: readonly TField[] = [
  'chain',
  'rpcUrl',
  'confirmations',
  'asset',
  'tokenAddress',
  'tokenDecimals',
  'explorerTxUrl',
];
const resolver = watchFormResolver<TWatchFormValues>(ZPayoutWatchInput);

function initialValues(watch: TPayoutWatch | null): TWatchFormValues {
  return nodeInitialValues(watch, 'erc20');
}

/**
 * A withdrawal method's chain watch on its admin page (docs/money.md, "Withdrawals paid on chain"):
 * which node and asset its payouts are checked on, and a form to set it up or change it. Only staff
 * who may manage the catalogue see it (the watch endpoints' permission).
 */
export function PayoutWatchSection({ methodId }: { methodId: string }) {
  const canManage = useCan(setPayoutWatch.permission);
  if (!canManage) return null;
  return <PayoutWatchPanel methodId={methodId} />;
}

function PayoutWatchPanel({ methodId }: { methodId: string }) {
  const { t } = useTranslation('methods');
  const watch = usePayoutWatch(methodId);
  const [editing, setEditing] = useState(false);

  return (
    <section
      aria-labelledby="payout-watch-title"
      className="rounded-2xl border border-border bg-surface"
      data-testid="payout-watch"
    >
      <header className="flex flex-col gap-3 border-b border-border p-5 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h2 id="payout-watch-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
            <Link2 className="h-5 w-5 text-muted" aria-hidden="true" />
            {t('watch.title')}
          </h2>
          <p className="text-sm text-muted">{t('payoutWatch.lead')}</p>
        </div>
        {watch.isSuccess && (
          <Button variant="outline" onClick={() => setEditing(true)} data-testid="payout-watch-edit">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {watch.data ? t('watch.edit') : t('watch.setUp')}
          </Button>
        )}
      </header>
      <div className="p-5">
        {watch.isPending ? (
          <LoadingStatus className="space-y-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-2/3" />
          </LoadingStatus>
        ) : watch.isError ? (
          <ErrorState title={t('watch.loadError')} onRetry={() => void watch.refetch()} />
        ) : watch.data ? (
          <WatchFacts watch={watch.data} />
        ) : (
          <p className="text-sm text-muted" data-testid="payout-watch-none">
            {t('payoutWatch.none')}
          </p>
        )}
      </div>
      {editing && watch.isSuccess && (
        <PayoutWatchDialog methodId={methodId} watch={watch.data} onClose={() => setEditing(false)} />
      )}
    </section>
  );
}

function WatchFacts({ watch }: { watch: TPayoutWatch }) {
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2" data-testid="payout-watch-facts">
      <ChainNodeFacts watch={watch} testIdPrefix="payout-watch" />
    </dl>
  );
}

function PayoutWatchDialog({
  methodId,
  watch,
  onClose,
}: {
  methodId: string;
  watch: TPayoutWatch | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('methods');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const save = useSavePayoutWatch(methodId);
  const {
    register,
    handleSubmit,
    setError,
    watch: watchValue,
    formState: { errors },
  } = useForm<TWatchFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues(watch),
  });
  const state = useFormDialogSubmit({
    mutation: save,
    // The resolver hands over the contract's checked input (empty optional fields dropped).
    send: (values: TWatchFormValues) => save.mutateAsync(values as unknown as TPayoutWatchInput),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('watch.saveFailed')),
    onSuccess: () => toast.success(t(messageKey('deposits.chainWatchSaved'))),
    onClose,
    closeAfterMs: WATCH_CLOSE_AFTER_MS,
    toastFailure: false,
  });
  const error = (name: TField) => text(errors[name]?.message);
  const field = (name: TField) => ({ error: error(name), ...register(name) });
  const erc20 = watchValue('asset') === 'erc20';

  return (
    <FormDialog
      title={t(watch ? 'watch.editTitle' : 'watch.setUpTitle')}
      description={t('payoutWatch.dialogLead')}
      className="max-w-lg"
      testId="payout-watch-form"
      state={state}
      doneText={t(messageKey('deposits.chainWatchSaved'))}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('watch.save')}
      submitTestId="payout-watch-submit"
    >
      <fieldset disabled={state.done} className="space-y-4">
        <ChainNodeFields
          field={field}
          erc20={erc20}
          rpcOrigin={watch ? watch.rpcOrigin : null}
          confirmationsHint={t('payoutWatch.confirmationsHint')}
        />
      </fieldset>
    </FormDialog>
  );
}

import { type TChainWatch, type TChainWatchInput, ZChainWatchInput } from '@meridian/contracts/chain-deposits';
import { setChainWatch } from '@meridian/contracts/endpoints/chain-deposits';
import { Link2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DetailItem } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/field';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCan } from '@/hooks/use-can';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { useChainWatch, useSaveChainWatch } from '../api/chain-watch';
import {
  ChainNodeFacts,
  ChainNodeFields,
  nodeInitialValues,
  type TNodeFormValues,
  WATCH_CLOSE_AFTER_MS,
  watchFormResolver,
} from './chain-node-fields';

/** The deposit watch's own fields next to the shared node fields (see chain-node-fields.tsx). */
interface TWatchFormValues extends TNodeFormValues {
  xpub: string;
  startBlock: string;
}
type TField = keyof TWatchFormValues;
const FIELDS: readonly TField[] = [
  'chain',
  'rpcUrl',
  'confirmations',
  'xpub',
  'asset',
  'tokenAddress',
  'tokenDecimals',
  'startBlock',
  'explorerTxUrl',
];
const resolver = watchFormResolver<TWatchFormValues>(ZChainWatchInput);

function initialValues(watch: TChainWatch | null): TWatchFormValues {
  return {
    ...nodeInitialValues(watch, 'native'),
    xpub: watch?.xpub ?? '',
    startBlock: watch?.startBlock == null ? '' : String(watch.startBlock),
  };
}

/**
 * A deposit method's chain watch on its admin page (docs/operations.md, "Watched deposit methods"):
 * what is watched and how far the watcher has read, and a form to set it up or change it. Only staff
 * who may manage the catalogue see it (the watch endpoints' permission).
 */
export function ChainWatchSection({ methodId }: { methodId: string }) {
  const canManage = useCan(setChainWatch.permission);
  if (!canManage) return null;
  return <ChainWatchPanel methodId={methodId} />;
}

function ChainWatchPanel({ methodId }: { methodId: string }) {
  const { t } = useTranslation('methods');
  const watch = useChainWatch(methodId);
  const [editing, setEditing] = useState(false);

  return (
    <section
      aria-labelledby="chain-watch-title"
      className="rounded-2xl border border-border bg-surface"
      data-testid="chain-watch"
    >
      <header className="flex flex-col gap-3 border-b border-border p-5 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h2 id="chain-watch-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
            <Link2 className="h-5 w-5 text-muted" aria-hidden="true" />
            {t('watch.title')}
          </h2>
          <p className="text-sm text-muted">{t('watch.lead')}</p>
        </div>
        {watch.isSuccess && (
          <Button variant="outline" onClick={() => setEditing(true)} data-testid="chain-watch-edit">
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
          <p className="text-sm text-muted" data-testid="chain-watch-none">
            {t('watch.none')}
          </p>
        )}
      </div>
      {editing && watch.isSuccess && (
        <ChainWatchDialog methodId={methodId} watch={watch.data} onClose={() => setEditing(false)} />
      )}
    </section>
  );
}

function WatchFacts({ watch }: { watch: TChainWatch }) {
  const { t } = useTranslation('methods');
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2" data-testid="chain-watch-facts">
      <ChainNodeFacts watch={watch} testIdPrefix="chain-watch">
        <DetailItem label={t('watch.fields.cursor')}>
          {watch.cursorBlock === null ? (
            <Badge tone="neutral">{t('watch.notStarted')}</Badge>
          ) : (
            <span className="tabular-nums" data-testid="chain-watch-cursor">
              {t('watch.blockNumber', { number: watch.cursorBlock })}
            </span>
          )}
        </DetailItem>
        <DetailItem label={t('watch.fields.addresses')}>
          <span className="tabular-nums" data-testid="chain-watch-addresses">
            {watch.addresses}
          </span>
        </DetailItem>
        <DetailItem label={t('watch.fields.xpub')} wide>
          <code className="break-all font-mono text-xs">{watch.xpub}</code>
        </DetailItem>
      </ChainNodeFacts>
    </dl>
  );
}

function ChainWatchDialog({
  methodId,
  watch,
  onClose,
}: {
  methodId: string;
  watch: TChainWatch | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('methods');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const save = useSaveChainWatch(methodId);
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
    send: (values: TWatchFormValues) => save.mutateAsync(values as unknown as TChainWatchInput),
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
      description={t('watch.dialogLead')}
      className="max-w-lg"
      testId="chain-watch-form"
      state={state}
      doneText={t(messageKey('deposits.chainWatchSaved'))}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('watch.save')}
      submitTestId="chain-watch-submit"
    >
      <fieldset disabled={state.done} className="space-y-4">
        <ChainNodeFields
          field={field}
          erc20={erc20}
          rpcOrigin={watch ? watch.rpcOrigin : null}
          confirmationsHint={t('watch.hints.confirmations')}
          afterConfirmations={
            <TextField
              label={t('watch.fields.xpub')}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              hint={t('watch.hints.xpub')}
              {...field('xpub')}
            />
          }
          beforeExplorer={
            <TextField
              label={t('watch.fields.startBlock')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('watch.hints.startBlock')}
              {...field('startBlock')}
            />
          }
        />
      </fieldset>
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { optionalText } from '@meridian/contracts/fields';
import { PASSKEY_NAME_MAX, type TPasskey, ZPasskeyName } from '@meridian/contracts/passkeys';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { usePasskeyErrorText } from '@/hooks/use-passkey-error-text';
import { messageKey } from '@/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';

/** A confirmation closes a moment after it succeeded, showing its outcome. */
const CLOSE_AFTER_MS = 1000;

/**
 * "Passkeys" on the Security page: the reader's passkeys with Rename and Remove on each, and Add
 * passkey, which asks a name and then the browser's prompt. A browser without WebAuthn says so and
 * keeps the button disabled.
 */
export function PasskeysSection() {
  const { t } = useTranslation('passkeys');
  const userId = useSession()?.user.id ?? '';
  const passkeys = usePasskeys(userId);
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<TPasskey | null>(null);
  const [removing, setRemoving] = useState<TPasskey | null>(null);

  const addButton = (
    <Button size="sm" onClick={() => setAdding(true)} disabled={!supported} data-testid="add-passkey">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {t('add.button')}
    </Button>
  );

  return (
    <Card title={t('title')} icon={KeyRound} actions={addButton}>
      <p className="mb-4 text-sm text-muted">{t('intro')}</p>
      {!supported && (
        <Alert tone="warning" className="mb-4">
          {t('unsupported')}
        </Alert>
      )}
      <QueryView
        query={passkeys}
        loading={<SkeletonList rows={2} />}
        errorTitle={t('loadFailed')}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState icon={KeyRound} title={t('empty.title')} description={t('empty.body')} />}
      >
        {(list) => (
          <ul className="space-y-3" aria-label={t('title')}>
            {list.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                onRename={() => setRenaming(passkey)}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {adding && (
        <AddPasskeyDialog userId={userId} count={passkeys.data?.length ?? 0} onClose={() => setAdding(false)} />
      )}
      {renaming && <RenamePasskeyDialog userId={userId} passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemovePasskeyDialog userId={userId} passkey={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}

function PasskeyItem({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: TPasskey;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('passkeys');
  const format = useLocaleFormat();
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/40 p-4 sm:flex-row sm:items-center"
      data-testid="passkey-item"
    >
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-surface-2 text-primary">
        <KeyRound className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-words font-medium text-fg" data-testid="passkey-name">
            {passkey.name}
          </h3>
          {passkey.backedUp && <Badge tone="info">{t('synced')}</Badge>}
        </div>
        <p className="text-sm text-muted">
          {t('addedOn', { date: format.dateTime(passkey.createdAt) })}
          {' · '}
          {passkey.lastUsedAt ? t('lastUsed', { date: format.dateTime(passkey.lastUsedAt) }) : t('neverUsed')}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <PasskeyAction action="rename" variant="outline" passkey={passkey} onClick={onRename} />
        <PasskeyAction action="remove" variant="dangerOutline" passkey={passkey} onClick={onRemove} />
      </div>
    </li>
  );
}

/** Rename or Remove on a passkey, named with the passkey for screen readers. */
function PasskeyAction({
  action,
  variant,
  passkey,
  onClick,
}: {
  action: 'rename' | 'remove';
  variant: ButtonProps['variant'];
  passkey: TPasskey;
  onClick: () => void;
}) {
  const { t } = useTranslation('passkeys');
  return (
    <Button
      variant={variant}
      size="sm"
      onClick={onClick}
      aria-label={t(`${action}.label`, { name: passkey.name })}
      data-testid={`${action}-passkey`}
    >
      {t(`${action}.button`)}
    </Button>
  );
}

function RemovePasskeyDialog({ userId, passkey, onClose }: { userId: string; passkey: TPasskey; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const errorText = useApiErrorText();
  const remove = useRemovePasskey(userId);
  useAfterDelay(remove.isSuccess, CLOSE_AFTER_MS, onClose);

  const confirm = () => {
    if (remove.isPending || remove.isSuccess) return;
    remove.mutate(passkey.id, {
      onSuccess: () => toast.success(t(messageKey('passkeys.removed'))),
    });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('remove.title')}
      description={t('remove.body', { name: passkey.name })}
      confirmLabel={t('remove.confirm')}
      onConfirm={confirm}
      busy={remove.isPending}
      done={remove.isSuccess ? t(messageKey('passkeys.removed')) : undefined}
      error={remove.isError ? errorText(remove.error, t('remove.failed')) : undefined}
    />
  );
}

/** A name may be left empty when adding: the server then calls it "Passkey N". */
const ZAddValues = z.object({ name: optionalText(PASSKEY_NAME_MAX, { tooLong: 'passkeys.nameTooLong' }) });
const ZRenameValues = z.object({ name: ZPasskeyName });
type TNameValues = { name: string };
const NAME_FIELD = ['name'] as const;

interface PasskeyNameDialogProps {
  title: string;
  description?: string;
  hint?: string;
  /** What the name must be: optional when adding, required when renaming. */
  schema: z.ZodType<TNameValues, TNameValues>;
  defaultName: string;
  /** The add or rename mutation: pending locks the dialog. */
  mutation: { isPending: boolean; isSuccess: boolean };
  submitLabel: string;
  submitTestId: string;
  send: (name: string) => Promise<unknown>;
  /** The words for a failure the server does not put on the name. */
  failedText: (error: unknown) => string;
  onSaved: () => void;
  onClose: () => void;
}

/** A passkey's name, asked before adding one and when renaming it; the dialog closes once it is saved. */
function PasskeyNameDialog({
  title,
  description,
  hint,
  schema,
  defaultName,
  mutation,
  submitLabel,
  submitTestId,
  send,
  failedText,
  onSaved,
  onClose,
}: PasskeyNameDialogProps) {
  const { t } = useTranslation('passkeys');
  const text = useMessageText();
  const { register, handleSubmit, setError, formState } = useForm<TNameValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: defaultName },
  });
  const state = useFormDialogSubmit({
    mutation,
    send: (values: TNameValues) => send(values.name),
    setError,
    fields: NAME_FIELD,
    failedText,
    onSuccess: onSaved,
    onClose,
    closeAfterMs: 0,
    toastFailure: false,
  });

  return (
    <FormDialog
      title={title}
      description={description}
      state={state}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={submitLabel}
      submitTestId={submitTestId}
    >
      <TextField
        label={t('add.name')}
        hint={hint}
        autoComplete="off"
        error={text(formState.errors.name?.message)}
        data-autofocus
        data-testid="passkey-name-input"
        {...register('name')}
      />
    </FormDialog>
  );
}

function AddPasskeyDialog({ userId, count, onClose }: { userId: string; count: number; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const ceremonyErrorText = usePasskeyErrorText();
  const add = useAddPasskey(userId);
  return (
    <PasskeyNameDialog
      title={t('add.title')}
      description={t('add.body')}
      hint={t('add.nameHint', { name: t(messageKey('passkeys.defaultName'), { number: count + 1 }) })}
      schema={ZAddValues}
      defaultName=""
      mutation={add}
      submitLabel={t('add.continue')}
      submitTestId="add-passkey-submit"
      send={(name) => add.mutateAsync(name || undefined)}
      failedText={ceremonyErrorText}
      onSaved={() => toast.success(t(messageKey('passkeys.added')))}
      onClose={onClose}
    />
  );
}

function RenamePasskeyDialog({ userId, passkey, onClose }: { userId: string; passkey: TPasskey; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const errorText = useApiErrorText();
  const rename = useRenamePasskey(userId);
  return (
    <PasskeyNameDialog
      title={t('rename.title')}
      schema={ZRenameValues}
      defaultName={passkey.name}
      mutation={rename}
      submitLabel={t('rename.save')}
      submitTestId="rename-passkey-submit"
      send={(name) => rename.mutateAsync({ id: passkey.id, name })}
      failedText={(err) => errorText(err, t('rename.failed'))}
      onSaved={() => toast.success(t(messageKey('passkeys.renamed')))}
      onClose={onClose}
    />
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { ZDepositMethodInput, ZWithdrawalMethodInput } from '@meridian/contracts/methods';
import { useState } from 'react';
import { type Resolver, type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { messageKey } from '@/i18n';
import { METHOD_KINDS, type TMethod, type TMethodKind } from '../api/method-kinds';
import { type TMethodValues, useSaveMethod } from '../api/save-method';

/** A create or update dialog closes 3 seconds after it succeeded. */
const CLOSE_AFTER_MS = 3000;

interface TMethodFormValues {
  name: string;
  value?: string;
  description: string;
  minAmount: string;
  maxAmount: string;
}
type TField = keyof TMethodFormValues;
const FIELDS: readonly TField[] = ['name', 'value', 'description', 'minAmount', 'maxAmount'];

function initialValues(kind: TMethodKind, method?: TMethod): TMethodFormValues {
  const base = {
    name: method?.name ?? '',
    description: method?.description ?? '',
    minAmount: method ? String(method.minAmount) : '',
    maxAmount: method ? String(method.maxAmount) : '',
  };
  // A withdrawal method has no address: the field must not exist, or the strict schema refuses it.
  return METHOD_KINDS[kind].hasValue ? { ...base, value: method?.value ?? '' } : base;
}

export interface MethodFormDialogProps {
  kind: TMethodKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Given: Edit Method. Absent: Create New Method. */
  method?: TMethod;
}

/** Create New Method / Edit Method: every field required, limits 0 or more with cents. */
export function MethodFormDialog({ kind, open, onOpenChange, method }: MethodFormDialogProps) {
  const { t } = useTranslation('methods');
  const editing = Boolean(method);
  const title = t(editing ? `admin.${kind}.editTitle` : `admin.${kind}.createTitle`);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} className="max-w-lg">
      {/* Mounted only while open: every opening starts from the method's current values. */}
      {open && <MethodForm kind={kind} method={method} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function MethodForm({ kind, method, onDone }: { kind: TMethodKind; method?: TMethod | undefined; onDone: () => void }) {
  const { t } = useTranslation('methods');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const config = METHOD_KINDS[kind];
  const save = useSaveMethod(kind, method?.id);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = kind === 'deposit' ? ZDepositMethodInput : ZWithdrawalMethodInput;

  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<TMethodFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<TMethodFormValues>,
    mode: 'onChange',
    defaultValues: initialValues(kind, method),
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  const done = save.isSuccess;
  useAfterDelay(done, CLOSE_AFTER_MS, onDone);

  const onSubmit: SubmitHandler<TMethodFormValues> = async (values) => {
    if (save.isPending || done) return;
    setFailure(null);
    try {
      await save.mutateAsync(values as TMethodValues);
      toast.success(t(messageKey(method ? config.updated : config.created)));
    } catch (err) {
      if (!placeFieldErrors(err)) {
        setFailure(errorText(err, t(method ? 'admin.updateFailed' : 'admin.createFailed')));
      }
    }
  };

  const error = (name: TField) => text(errors[name]?.message);
  // The address must fit the network the name implies (TRC20, ERC20, BTC…): a new name checks a typed address again.
  const recheckAddress = () => {
    if (config.hasValue && getValues('value')) void trigger('value');
  };
  const successKey = method ? config.updated : config.created;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="method-form">
      {failure && <Alert tone="danger">{failure}</Alert>}
      {done && <Alert tone="success">{t(messageKey(successKey))}</Alert>}
      <fieldset disabled={done} className="space-y-4">
        <TextField
          label={t('admin.fields.name')}
          placeholder={t('admin.placeholders.name')}
          autoComplete="off"
          data-autofocus
          error={error('name')}
          {...register('name', { onChange: recheckAddress })}
        />
        {config.hasValue && (
          <TextField
            label={t('admin.fields.value')}
            placeholder={t('admin.placeholders.value')}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            error={error('value')}
            {...register('value')}
          />
        )}
        <TextAreaField
          label={t('admin.fields.description')}
          placeholder={t('admin.placeholders.description')}
          error={error('description')}
          {...register('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('admin.fields.minAmount')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            error={error('minAmount')}
            {...register('minAmount', { deps: ['maxAmount'] })}
          />
          <TextField
            label={t('admin.fields.maxAmount')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            error={error('maxAmount')}
            {...register('maxAmount')}
          />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t(done ? 'common:actions.close' : 'common:actions.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} disabled={done} data-testid="method-submit">
          {t(method ? 'admin.saveChanges' : 'admin.create')}
        </Button>
      </div>
    </form>
  );
}

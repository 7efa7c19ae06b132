import { zodResolver } from '@hookform/resolvers/zod';
import { ZDepositMethodInput, ZWithdrawalMethodInput } from '@meridian/contracts/methods';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { LimitFields } from '@/components/money/limit-fields';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
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
  onClose: () => void;
  /** Given: Edit Method. Absent: Create New Method. */
  method?: TMethod | undefined;
}

/**
 * Create New Method / Edit Method: every field required, limits 0 or more with cents. It mounts when
 * opened, so every opening starts from the method's current values.
 */
export function MethodFormDialog({ kind, onClose, method }: MethodFormDialogProps) {
  const { t } = useTranslation('methods');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const config = METHOD_KINDS[kind];
  const save = useSaveMethod(kind, method?.id);
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
  const successKey = method ? config.updated : config.created;
  const state = useFormDialogSubmit({
    mutation: save,
    send: (values: TMethodFormValues) => save.mutateAsync(values as TMethodValues),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t(method ? 'admin.updateFailed' : 'admin.createFailed')),
    onSuccess: () => toast.success(t(messageKey(successKey))),
    onClose,
    closeAfterMs: CLOSE_AFTER_MS,
    toastFailure: false,
  });

  const error = (name: TField) => text(errors[name]?.message);
  // The address must fit the network the name implies (TRC20, ERC20, BTC…): a new name checks a typed address again.
  const recheckAddress = () => {
    if (config.hasValue && getValues('value')) void trigger('value');
  };

  return (
    <FormDialog
      title={t(method ? `admin.${kind}.editTitle` : `admin.${kind}.createTitle`)}
      className="max-w-lg"
      testId="method-form"
      state={state}
      doneText={t(messageKey(successKey))}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t(method ? 'admin.saveChanges' : 'admin.create')}
      submitTestId="method-submit"
    >
      <fieldset disabled={state.done} className="space-y-4">
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
        <LimitFields
          min={{
            label: t('admin.fields.minAmount'),
            error: error('minAmount'),
            ...register('minAmount', { deps: ['maxAmount'] }),
          }}
          max={{ label: t('admin.fields.maxAmount'), error: error('maxAmount'), ...register('maxAmount') }}
        />
      </fieldset>
    </FormDialog>
  );
}

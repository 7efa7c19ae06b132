import { zodResolver } from '@hookform/resolvers/zod';
import type { TMessageKey } from '@meridian/contracts/messages';
import { type TUnlockKind, UNLOCK_IMAGE_MAX_BYTES, ZUnlockRequestFields } from '@meridian/contracts/recovery';
import { useState } from 'react';
import { Controller, type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useSubmitRecoveryRequest } from '../api/submit-unlock-request';
import { EmailField } from './email-field';
import { ACCEPTED_IMAGE_TYPES, PhotoField } from './photo-field';

/** The form's rules, the server's words: email and photo required, under 10 MB, a photo type. */
const ZRequestForm = z.object({
  email: ZUnlockRequestFields.shape.email,
  verificationImage: z
    .custom<File | null>((v) => v instanceof File, { error: 'recovery.fieldsRequired' satisfies TMessageKey })
    .refine((f) => (f?.size ?? 0) <= UNLOCK_IMAGE_MAX_BYTES, {
      error: 'validation.imageTooLarge' satisfies TMessageKey,
    })
    .refine((f) => ACCEPTED_IMAGE_TYPES.includes(f?.type ?? ''), {
      error: 'validation.imageType' satisfies TMessageKey,
    }),
});
type TRequestForm = z.infer<typeof ZRequestForm>;
const FIELDS = ['email', 'verificationImage'] as const;

/** What the server says when it took the request, by kind. */
const SUBMITTED: Record<TUnlockKind, TMessageKey> = {
  unlock: 'recovery.unlockSubmitted',
  password: 'recovery.passwordRequestSubmitted',
};

export interface RecoveryRequestFormProps {
  kind: TUnlockKind;
  defaultEmail?: string;
  /** The request was taken; `message` is what to say (a shared message), `email` the address used. */
  onSubmitted: (result: { message: TMessageKey; email: string }) => void;
}

/** Step 1 of an unlock or a password recovery: email and an identity photo. */
export function RecoveryRequestForm({ kind, defaultEmail = '', onSubmitted }: RecoveryRequestFormProps) {
  const { t } = useTranslation('recovery');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const submit = useSubmitRecoveryRequest(kind);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRequestForm>({
    resolver: zodResolver(ZRequestForm),
    mode: 'onChange',
    defaultValues: { email: defaultEmail, verificationImage: null },
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  const onSubmit: SubmitHandler<TRequestForm> = async (values) => {
    if (!values.verificationImage) return;
    setFailure(null);
    try {
      await submit.mutateAsync({ email: values.email, verificationImage: values.verificationImage });
      onSubmitted({ message: SUBMITTED[kind], email: values.email });
    } catch (err) {
      if (placeFieldErrors(err)) return;
      setFailure(errorText(err, kind === 'unlock' ? t('submitUnlockFailed') : t('submitRequestFailed')));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid={`recovery-request-${kind}`}>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <EmailField error={text(errors.email?.message)} {...register('email')} />
      <Controller
        control={control}
        name="verificationImage"
        render={({ field }) => (
          <PhotoField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={text(errors.verificationImage?.message)}
          />
        )}
      />
      <Button type="submit" className="w-full" loading={submit.isPending}>
        {kind === 'unlock' ? t('actions.sendUnlock') : t('actions.sendRequest')}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type TSupportMessageInput, ZSupportMessageInput } from '@meridian/contracts/support';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useSendSupportMessage } from '../api/send-support-message';

/** After a message is sent, the form clears itself after this long (the support form's messages). */
export const SUPPORT_RESET_MS = 3000;

type TSupportValues = z.output<typeof ZSupportMessageInput>;

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
const EMPTY: TSupportMessageInput = { name: '', email: '', phone: '', message: '' };

/** The contact form of /support: name, email, phone and message, validated on every event. */
export function SupportForm() {
  const { t } = useTranslation('support');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const send = useSendSupportMessage();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TSupportMessageInput, unknown, TSupportValues>({
    resolver: zodResolver(ZSupportMessageInput),
    mode: 'all',
    defaultValues: EMPTY,
  });
  const placeServerErrors = useServerFieldErrors(setError, FIELDS);

  useAfterDelay(sent, SUPPORT_RESET_MS, () => {
    reset(EMPTY);
    setSent(false);
  });

  const onSubmit: SubmitHandler<TSupportValues> = async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSent(true);
    } catch (err) {
      if (!placeServerErrors(err)) setFailure(errorText(err));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="support-form">
      {sent ? <Alert tone="success">{t('messageSent')}</Alert> : null}
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <TextField
        label={t('form.name')}
        autoComplete="name"
        placeholder={t('form.namePlaceholder')}
        error={text(errors.name?.message)}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('form.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('form.emailPlaceholder')}
          error={text(errors.email?.message)}
          {...register('email')}
        />
        <TextField
          label={t('form.phone')}
          type="tel"
          autoComplete="tel"
          placeholder={t('form.phonePlaceholder')}
          error={text(errors.phone?.message)}
          {...register('phone')}
        />
      </div>
      <TextAreaField
        label={t('form.message')}
        rows={6}
        placeholder={t('form.messagePlaceholder')}
        error={text(errors.message?.message)}
        {...register('message')}
      />
      <Button type="submit" className="w-full sm:w-auto" loading={send.isPending} disabled={sent}>
        {t('form.submit')}
      </Button>
    </form>
  );
}

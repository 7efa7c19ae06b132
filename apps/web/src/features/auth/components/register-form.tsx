import { zodResolver } from '@hookform/resolvers/zod';
import { type TRegisterInput, ZRegisterInput } from '@meridian/contracts/auth';
import { REFERRAL_CODE_MAX_LENGTH, REGISTER_REDIRECT_DELAY_MS, type TLanguage } from '@meridian/contracts/constants';
import { type ReactNode, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { EMPTY_PERSON } from '@/components/empty-person';
import { NameFields, PlaceFields } from '@/components/person-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useRegister } from '../api/register';

type TRegisterValues = z.output<typeof ZRegisterInput>;
type TRegisterField = keyof TRegisterInput;

const EMPTY: TRegisterInput = {
  ...EMPTY_PERSON,
  password: '',
  referralCode: '',
  acceptTerms: false,
  acceptRiskDisclosure: false,
};
const FIELDS = Object.keys(EMPTY) as TRegisterField[];

/** `scroll-mt` keeps the field focused after a failed submit clear of the sticky header. */
const FORM_CLASS = 'space-y-4 [&_input]:scroll-mt-24 [&_select]:scroll-mt-24';

/** What the sign-up page hands the login page: the email just signed up with. */
export interface TSignedUpState {
  email?: string;
}

export interface RegisterFormProps {
  /**
   * After the success message, with the email signed up with: the modal opens the login modal; the
   * page goes to /auth/user/login. Either way the login form starts from that email.
   */
  onRegistered?: ((email: string) => void) | undefined;
  footer?: ReactNode;
}

/** Client sign-up: the server's refusals go onto their fields, anything else above the button. */
export function RegisterForm({ onRegistered, footer }: RegisterFormProps) {
  const { t, i18n } = useTranslation('auth');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const registration = useRegister();
  const countries = useCountryOptions(i18n.resolvedLanguage);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRegisterInput, unknown, TRegisterValues>({
    resolver: zodResolver(ZRegisterInput),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  const done = registration.isSuccess;
  useAfterDelay(done, REGISTER_REDIRECT_DELAY_MS, () => {
    const email = registration.data?.user.email ?? '';
    if (onRegistered) onRegistered(email);
    else navigate('/auth/user/login', { state: { email } satisfies TSignedUpState });
  });

  const onSubmit: SubmitHandler<TRegisterValues> = async (values) => {
    setFailure(null);
    try {
      // The language the person signs up in is the one their mail is written in.
      await registration.mutateAsync({ ...values, lang: i18n.resolvedLanguage as TLanguage | undefined });
    } catch (err) {
      if (!placeFieldErrors(err)) setFailure(errorText(err, t('errors:generic')));
    }
  };

  const error = (name: TRegisterField) => text(errors[name]?.message);

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className={FORM_CLASS}>
      <div className="rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm">
        <p className="font-medium text-fg">{t('register.guidance.title')}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
          <li>{t('register.guidance.email')}</li>
          <li>{t('register.guidance.phone')}</li>
          <li>{t('register.guidance.password')}</li>
        </ul>
      </div>

      <fieldset disabled={done} className="space-y-4">
        <NameFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="own"
          layout="wide"
          placeholders={{ email: t('placeholders.email'), phone: t('placeholders.phone') }}
        />
        <PlaceFields
          register={register}
          error={error}
          label={(name) => t(`fields.${name}`)}
          whose="own"
          countries={countries.data ?? []}
          countryPlaceholder={t('placeholders.country')}
          countriesPending={countries.isPending}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          hint={t('register.passwordHint')}
          error={error('password')}
          {...register('password')}
        />
        <TextField
          label={t('fields.referralCode')}
          maxLength={REFERRAL_CODE_MAX_LENGTH}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={error('referralCode')}
          {...register('referralCode')}
        />
        {/* The texts are the operator's (GET /api/content/legal/…); the server records which version was accepted. */}
        <CheckboxField
          label={<LegalLabel i18nKey="register.accept.terms" to="/terms" />}
          error={error('acceptTerms')}
          {...register('acceptTerms')}
        />
        <CheckboxField
          label={<LegalLabel i18nKey="register.accept.risk" to="/risk-disclosure" />}
          error={error('acceptRiskDisclosure')}
          {...register('acceptRiskDisclosure')}
        />
      </fieldset>

      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      {done ? (
        <Alert tone="success">
          <p className="font-medium">{t('accountCreated')}</p>
          <p className="mt-1 text-fg">{t('register.verifyNext', { email: registration.data?.user.email ?? '' })}</p>
          <p className="mt-1 text-fg">{t('register.redirecting')}</p>
        </Alert>
      ) : null}

      <Button type="submit" className="w-full" loading={registration.isPending} disabled={done}>
        {t('register.submit')}
      </Button>
      {footer}
    </form>
  );
}

/**
 * A tick's words with the link to the text it accepts. The text opens in a new tab, so the form keeps
 * what was typed; a screen reader hears that it does.
 */
function LegalLabel({ i18nKey, to }: { i18nKey: 'register.accept.terms' | 'register.accept.risk'; to: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Trans t={t} i18nKey={i18nKey} components={{ doc: <NewTabLink to={to} /> }} />
      <span className="sr-only"> {t('register.accept.newTab')}</span>
    </>
  );
}

/** The link Trans fills with the translated words. */
function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-2">
      {children}
    </a>
  );
}

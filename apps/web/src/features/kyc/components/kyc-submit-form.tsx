import { zodResolver } from '@hookform/resolvers/zod';
import {
  KYC_DOCUMENT_TYPES,
  KYC_MIN_AGE_YEARS,
  type TKycSubmitFields,
  ZKycSubmitFields,
} from '@meridian/contracts/kyc';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useSubmitKyc } from '../api/submit-kyc';
import { checkImageFile } from '../hooks/check-image-file';
import { ImagePicker } from './image-picker';

/** A chosen image: required, and checked in the browser first (type and size) as the server will. */
const zImageFile = z
  .custom<File | null>((value) => value === null || value instanceof File)
  .superRefine((file, ctx) => {
    const problem = file ? checkImageFile(file) : 'kyc.imagesRequired';
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The form: the text fields and the two images, all in one react-hook-form state. */
const ZKycForm = ZKycSubmitFields.extend({ documentImage: zImageFile, selfieImage: zImageFile });
type TFormInput = z.input<typeof ZKycForm>;
type TValues = z.output<typeof ZKycForm>;
type TImageField = 'documentImage' | 'selfieImage';
const FIELDS = [
  'documentType',
  'documentNumber',
  'fullName',
  'dateOfBirth',
  'country',
  'address',
  'documentImage',
  'selfieImage',
] as const;

/** The latest date of birth an adult can have today, for the date picker's max. */
function latestAdultBirthday(): string {
  const now = new Date();
  now.setUTCFullYear(now.getUTCFullYear() - KYC_MIN_AGE_YEARS);
  return now.toISOString().slice(0, 10);
}

export interface KycSubmitFormProps {
  userId: string;
  defaults: Partial<TKycSubmitFields>;
  onSubmitted: () => void;
}

/** The KYC form: document details and the two images. */
export function KycSubmitForm({ userId, defaults, onSubmitted }: KycSubmitFormProps) {
  const { t, i18n } = useTranslation('kyc');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const countries = useCountryOptions(i18n.language);
  const submit = useSubmitKyc(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<TFormInput, unknown, TValues>({
    resolver: zodResolver(ZKycForm),
    mode: 'onTouched',
    defaultValues: {
      documentType: '' as TKycSubmitFields['documentType'],
      documentNumber: '',
      fullName: '',
      dateOfBirth: '',
      country: '',
      address: '',
      documentImage: null,
      selfieImage: null,
      ...defaults,
    },
  });
  const placeServerErrors = useServerFieldErrors(setError, FIELDS);
  const images = { documentImage: watch('documentImage'), selfieImage: watch('selfieImage') };

  /** A chosen (or cleared) image is checked at once. */
  const choose = (field: TImageField) => (file: File | null) =>
    setValue(field, file, { shouldValidate: true, shouldDirty: true, shouldTouch: true });

  const onSubmit: SubmitHandler<TValues> = async ({ documentImage, selfieImage, ...fields }) => {
    setFailure(null);
    // Both are there: the form's schema refuses a missing image.
    if (!documentImage || !selfieImage) return;
    try {
      await submit.mutateAsync({ ...fields, documentImage, selfieImage });
      setDone(true);
      onSubmitted();
    } catch (err) {
      placeServerErrors(err);
      setFailure(errorText(err, t('submitFailed')));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" data-testid="kyc-form">
      {done ? <Alert tone="success">{t('submitted')}</Alert> : null}
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('fields.documentType')}
          error={text(errors.documentType?.message)}
          {...register('documentType')}
        >
          <option value="">{t('fields.documentTypePlaceholder')}</option>
          {KYC_DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`documentTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('fields.documentNumber')}
          autoComplete="off"
          error={text(errors.documentNumber?.message)}
          {...register('documentNumber')}
        />
        <TextField
          label={t('fields.fullName')}
          autoComplete="name"
          error={text(errors.fullName?.message)}
          {...register('fullName')}
        />
        <TextField
          label={t('fields.dateOfBirth')}
          type="date"
          autoComplete="bday"
          max={latestAdultBirthday()}
          hint={t('fields.dateOfBirthHint')}
          error={text(errors.dateOfBirth?.message)}
          {...register('dateOfBirth')}
        />
        <SelectField
          label={t('fields.country')}
          autoComplete="country"
          error={text(errors.country?.message)}
          {...register('country')}
        >
          <option value="">{t('fields.countryPlaceholder')}</option>
          {countries.data?.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('fields.address')}
          autoComplete="street-address"
          error={text(errors.address?.message)}
          {...register('address')}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ImagePicker
          name="documentImage"
          label={t('fields.documentImage')}
          hint={t('fields.documentImageHint')}
          file={images.documentImage ?? null}
          error={text(errors.documentImage?.message)}
          onChange={choose('documentImage')}
        />
        <ImagePicker
          name="selfieImage"
          label={t('fields.selfieImage')}
          hint={t('fields.selfieImageHint')}
          file={images.selfieImage ?? null}
          error={text(errors.selfieImage?.message)}
          onChange={choose('selfieImage')}
        />
      </div>
      <Button type="submit" className="w-full sm:w-auto" loading={submit.isPending} disabled={done}>
        {t('submit.button')}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { KYC_IMAGE_ENDPOINTS } from '@meridian/contracts/endpoints/kyc';
import {
  KYC_DOCUMENT_TYPES,
  KYC_MIN_AGE_YEARS,
  type TKycSubmitFields,
  ZKycSubmitFields,
} from '@meridian/contracts/kyc';
import { useEffect, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { useProtectedImage } from '@/hooks/use-protected-image';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useSubmitKyc } from '../api/submit-kyc';
import { checkImageFile } from '../hooks/check-image-file';
import { ImagePicker } from './image-picker';

/**
 * A chosen image, checked in the browser first (type and size) as the server will. Required, unless
 * the previous submission's image is kept (`keepsPrevious`): the server then copies that one.
 */
const zImageFile = (keepsPrevious: boolean) =>
  z
    .custom<File | null>((value) => value === null || value instanceof File)
    .superRefine((file, ctx) => {
      const problem = file ? checkImageFile(file) : keepsPrevious ? null : 'kyc.imagesRequired';
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** The form: the text fields and the two images, all in one react-hook-form state. */
const kycForm = (keepsPrevious: boolean) =>
  ZKycSubmitFields.extend({ documentImage: zImageFile(keepsPrevious), selfieImage: zImageFile(keepsPrevious) });
type TFormInput = z.input<ReturnType<typeof kycForm>>;
type TValues = z.output<ReturnType<typeof kycForm>>;
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
  /** What the fields start from: the previous submission's answers on a resubmission, else the account's. */
  defaults: Partial<TKycSubmitFields>;
  /**
   * The client's previous submission, on a resubmission: its two images are shown and sent again
   * (copied by the server) unless the client chooses others.
   */
  previousKycId?: string | undefined;
  onSubmitted: () => void;
}

/** The KYC form: document details and the two images. */
export function KycSubmitForm({ userId, defaults, previousKycId, onSubmitted }: KycSubmitFormProps) {
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
    getValues,
    watch,
    formState: { errors },
  } = useForm<TFormInput, unknown, TValues>({
    resolver: zodResolver(kycForm(previousKycId !== undefined)),
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
  // The country names arrive after the form: once their options exist, the select shows the country it starts from.
  useEffect(() => {
    if (countries.data) setValue('country', getValues('country'));
  }, [countries.data, setValue, getValues]);
  const images = { documentImage: watch('documentImage'), selfieImage: watch('selfieImage') };
  const kycId = previousKycId === undefined ? null : { kycId: previousKycId };
  const previousImages = {
    documentImage: useProtectedImage(KYC_IMAGE_ENDPOINTS.document, kycId),
    selfieImage: useProtectedImage(KYC_IMAGE_ENDPOINTS.selfie, kycId),
  };
  /** The image kept from the previous submission, for a picker (none on a first submission). */
  const previous = (field: TImageField, label: string) =>
    kycId === null
      ? undefined
      : {
          url: previousImages[field].url,
          alt: t('submit.previousOf', { name: label }),
          note: t('submit.previousImage'),
        };

  /** A chosen (or cleared) image is checked at once. */
  const choose = (field: TImageField) => (file: File | null) =>
    setValue(field, file, { shouldValidate: true, shouldDirty: true, shouldTouch: true });

  const onSubmit: SubmitHandler<TValues> = async ({ documentImage, selfieImage, ...fields }) => {
    setFailure(null);
    // A missing image is one the previous submission's stands for (the form's schema refuses it otherwise).
    if ((!documentImage || !selfieImage) && previousKycId === undefined) return;
    try {
      await submit.mutateAsync({
        ...fields,
        ...(documentImage ? { documentImage } : {}),
        ...(selfieImage ? { selfieImage } : {}),
      });
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
          previous={previous('documentImage', t('fields.documentImage'))}
          error={text(errors.documentImage?.message)}
          onChange={choose('documentImage')}
        />
        <ImagePicker
          name="selfieImage"
          label={t('fields.selfieImage')}
          hint={t('fields.selfieImageHint')}
          file={images.selfieImage ?? null}
          previous={previous('selfieImage', t('fields.selfieImage'))}
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

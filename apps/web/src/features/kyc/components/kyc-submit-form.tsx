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
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountryOptions } from '@/hooks/use-country-options';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';
import { useSubmitKyc } from '../api/submit-kyc';
import { checkImageFile } from '../hooks/check-image-file';
import { ImagePicker } from './image-picker';

type TValues = z.output<typeof ZKycSubmitFields>;
type TImageField = 'documentImage' | 'selfieImage';
const TEXT_FIELDS = ['documentType', 'documentNumber', 'fullName', 'dateOfBirth', 'country', 'address'] as const;

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

/** The KYC form (spec 01 §5 KYC submit): document details and the two images. */
export function KycSubmitForm({ userId, defaults, onSubmitted }: KycSubmitFormProps) {
  const { t, i18n } = useTranslation('kyc');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const countries = useCountryOptions(i18n.language);
  const submit = useSubmitKyc(userId);
  const [images, setImages] = useState<Record<TImageField, File | null>>({ documentImage: null, selfieImage: null });
  const [imageErrors, setImageErrors] = useState<Partial<Record<TImageField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TKycSubmitFields, unknown, TValues>({
    resolver: zodResolver(ZKycSubmitFields),
    mode: 'onTouched',
    defaultValues: {
      documentType: '' as TKycSubmitFields['documentType'],
      documentNumber: '',
      fullName: '',
      dateOfBirth: '',
      country: '',
      address: '',
      ...defaults,
    },
  });

  const choose = (field: TImageField) => (file: File | null) => {
    setImages((current) => ({ ...current, [field]: file }));
    const problem = file ? checkImageFile(file) : undefined;
    setImageErrors((current) => ({ ...current, [field]: problem ? text(problem) : undefined }));
  };

  /** Both images chosen and acceptable; otherwise their errors are shown. */
  const checkImages = (): { documentImage: File; selfieImage: File } | null => {
    const { documentImage, selfieImage } = images;
    const problems: Partial<Record<TImageField, string>> = {};
    for (const field of ['documentImage', 'selfieImage'] as const) {
      const file = images[field];
      const problem = file ? checkImageFile(file) : 'kyc.imagesRequired';
      if (problem) problems[field] = text(problem);
    }
    setImageErrors(problems);
    return documentImage && selfieImage && Object.keys(problems).length === 0 ? { documentImage, selfieImage } : null;
  };

  const onSubmit: SubmitHandler<TValues> = async (values) => {
    setFailure(null);
    const files = checkImages();
    if (!files) return;
    try {
      await submit.mutateAsync({ ...values, ...files });
      setDone(true);
      onSubmitted();
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fieldErrors)) {
          if ((TEXT_FIELDS as readonly string[]).includes(field)) {
            setError(field as (typeof TEXT_FIELDS)[number], { message });
          } else if (field === 'documentImage' || field === 'selfieImage') {
            setImageErrors((current) => ({ ...current, [field]: text(message) }));
          }
        }
      }
      setFailure(errorText(err, t('submitFailed')));
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit, () => checkImages())}
      noValidate
      className="space-y-5"
      data-testid="kyc-form"
    >
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
          file={images.documentImage}
          error={imageErrors.documentImage}
          onChange={choose('documentImage')}
        />
        <ImagePicker
          name="selfieImage"
          label={t('fields.selfieImage')}
          hint={t('fields.selfieImageHint')}
          file={images.selfieImage}
          error={imageErrors.selfieImage}
          onChange={choose('selfieImage')}
        />
      </div>
      <Button type="submit" className="w-full sm:w-auto" loading={submit.isPending} disabled={done}>
        {t('submit.button')}
      </Button>
    </form>
  );
}

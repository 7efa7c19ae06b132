import { ImageUp } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The image types the server keeps (it checks the bytes and re-encodes them). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface PhotoFieldProps {
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
}

/**
 * The identity photo of a recovery request: what to photograph, the file limits, and a preview of
 * the chosen picture (the first step of an unlock or a password recovery).
 */
export function PhotoField({ value, onChange, onBlur, error }: PhotoFieldProps) {
  const { t } = useTranslation('recovery');
  const id = useId();
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const described = `${id}-instructions ${id}-${error ? 'error' : 'hint'}`;

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {t('photo.label')}
      </label>
      <p id={`${id}-instructions`} className="text-sm text-muted">
        {t('photo.instructions')}
      </p>
      <div className="flex flex-col gap-3 rounded-xl border border-dashed border-border bg-surface-2/50 p-3 sm:flex-row sm:items-center">
        <div className="grid h-24 w-full shrink-0 place-items-center overflow-hidden rounded-lg bg-surface sm:w-32">
          {preview ? (
            <img src={preview} alt={t('photo.previewAlt')} className="h-full w-full object-cover" />
          ) : (
            <ImageUp className="h-8 w-8 text-muted" aria-hidden="true" />
          )}
        </div>
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="block w-full text-sm text-fg file:mr-3 file:rounded-lg file:border-0 file:bg-primary file:px-3 file:py-2 file:text-sm file:font-medium file:text-primary-fg hover:file:bg-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
          data-testid="verification-image"
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {t('photo.hint')}
        </p>
      )}
    </div>
  );
}

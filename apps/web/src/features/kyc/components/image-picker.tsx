import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface ImagePickerProps {
  label: string;
  hint: string;
  file: File | null;
  error?: string | undefined;
  onChange: (file: File | null) => void;
  name: string;
  /** An image kept from before (a resubmission), shown with its note until another file is chosen. */
  previous?: { url: string | null; alt: string; note: string } | undefined;
}

/** A file input for one image, with a preview of the chosen file (or of the one kept from before) and its error. */
export function ImagePicker({ label, hint, file, error, onChange, name, previous }: ImagePickerProps) {
  const { t } = useTranslation('kyc');
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.files?.[0] ?? null);

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <div
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border border-dashed bg-surface-2/40 p-4 sm:flex-row',
          error ? 'border-danger' : 'border-border',
        )}
      >
        <div className="flex h-24 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-2">
          {preview ? (
            <img src={preview} alt={t('submit.previewOf', { name: label })} className="h-full w-full object-cover" />
          ) : previous?.url ? (
            <img src={previous.url} alt={previous.alt} className="h-full w-full object-cover" />
          ) : (
            <ImagePlus className="h-8 w-8 text-muted" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            id={id}
            name={name}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={pick}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-primary file:px-3 file:py-2 file:text-sm file:font-medium file:text-primary-fg hover:file:bg-primary-hover"
          />
          {file ? <p className="truncate text-xs text-muted">{file.name}</p> : null}
          {!file && previous ? <p className="text-xs text-muted">{previous.note}</p> : null}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

import { AVATAR_CLOSE_DELAY_MS } from '@meridian/contracts/profile';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useUploadAvatar } from '../api/upload-avatar';

/** Images are at most 10MB; the server checks again, by content (docs/security.md, "Uploads"). */
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp';

export interface AvatarDialogProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Avatar upload, for a client or an admin: pick an image, see it, upload it. Submit stays disabled
 * until there is a preview; errors show inline; the dialog closes 1 s after success.
 */
export function AvatarDialog({ userId, open, onOpenChange }: AvatarDialogProps) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('avatar.title')}>
      {/* Mounted only while open: each opening starts with no file, no preview and no message. */}
      {open && <AvatarForm userId={userId} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AvatarForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const errorText = useApiErrorText();
  const upload = useUploadAvatar(userId);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  useAfterDelay(upload.isSuccess, AVATAR_CLOSE_DELAY_MS, onDone);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setError(null);
    upload.reset();
    if (!picked) {
      setFile(null);
      setPreview(null);
      return setError(t('imageRequired'));
    }
    if (!ACCEPT.split(',').includes(picked.type)) {
      setFile(null);
      setPreview(null);
      return setError(t('validation:imageType'));
    }
    if (picked.size > MAX_BYTES) {
      setFile(null);
      setPreview(null);
      return setError(t('validation:imageTooLarge'));
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t('imageRequired'));
    setError(null);
    try {
      await upload.mutateAsync(file);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="avatar-form">
      {upload.isSuccess && <Alert tone="success">{t('pictureUploaded')}</Alert>}
      {error && <Alert tone="danger">{error}</Alert>}
      <div className="flex flex-col items-center gap-4 sm:flex-row">
        <div className="grid h-28 w-28 shrink-0 place-items-center overflow-hidden rounded-full border border-dashed border-border bg-surface-2">
          {preview ? (
            <img src={preview} alt={t('avatar.preview')} className="h-full w-full object-cover" />
          ) : (
            <ImageUp className="h-8 w-8 text-muted" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-fg">
            {t('avatar.choose')}
          </label>
          <input
            id={inputId}
            name="image"
            type="file"
            accept={ACCEPT}
            onChange={choose}
            data-autofocus
            disabled={upload.isPending || upload.isSuccess}
            aria-describedby={`${inputId}-hint`}
            className="block w-full text-sm text-fg file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:font-medium file:text-fg hover:file:bg-border"
          />
          <p id={`${inputId}-hint`} className="text-xs text-muted">
            {t('avatar.hint')}
          </p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={!preview || upload.isSuccess} loading={upload.isPending}>
          {t('avatar.upload')}
        </Button>
      </div>
    </form>
  );
}

import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface ProfileAvatarProps {
  /** The picture URL, or null. */
  image: string | null;
  /** Shown without a picture (two letters for clients, one for admins). */
  initials: string;
  /** Opens the upload dialog; without it there is no edit button. */
  onEdit?: () => void;
  className?: string;
}

/** The big round picture of a profile page, with a camera button to change it. */
export function ProfileAvatar({ image, initials, onEdit, className }: ProfileAvatarProps) {
  const { t } = useTranslation('profile');
  const [broken, setBroken] = useState<string | null>(null);
  const showImage = image && broken !== image;
  return (
    <div className={cn('relative inline-flex h-24 w-24 shrink-0', className)}>
      {showImage ? (
        <img
          src={image}
          alt={t('avatar.current')}
          onError={() => setBroken(image)}
          className="h-24 w-24 rounded-full border border-border object-cover"
          data-testid="profile-avatar-image"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid h-24 w-24 place-items-center rounded-full bg-primary text-2xl font-semibold uppercase text-primary-fg"
        >
          {initials}
        </span>
      )}
      {onEdit && (
        <button
          type="button"
          onClick={onEdit}
          aria-label={t('avatar.edit')}
          title={t('avatar.edit')}
          className="absolute -bottom-1 -right-1 grid h-9 w-9 place-items-center rounded-full border border-border bg-surface text-fg shadow hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const sizes = {
  sm: 'h-9 w-9 text-xs',
  md: 'h-11 w-11 text-sm',
} as const;

export interface ShellAvatarProps {
  /** The profile image URL, or null. */
  image: string | null;
  /** Shown when there is no image, or it fails to load. */
  initials: string;
  size?: keyof typeof sizes;
  /** Adds the green (active) or red (inactive) dot with a screen-reader label. */
  isActive?: boolean;
  className?: string;
}

/**
 * A round avatar: the picture, else initials. Decorative on its own; the name next to it (or the
 * link around it) carries the meaning. The status dot, when asked for, is announced.
 */
export function ShellAvatar({ image, initials, size = 'md', isActive, className }: ShellAvatarProps) {
  const [broken, setBroken] = useState(false);
  const showImage = image && !broken;
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      {showImage ? (
        <img
          src={image}
          alt=""
          onError={() => setBroken(true)}
          className={cn('rounded-full border border-border object-cover', sizes[size])}
        />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            'grid place-items-center rounded-full bg-primary font-semibold uppercase text-primary-fg',
            sizes[size],
          )}
        >
          {initials}
        </span>
      )}
      {isActive !== undefined && <StatusDot isActive={isActive} />}
    </span>
  );
}

function StatusDot({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <span
      className={cn(
        'absolute -bottom-0.5 -right-0.5 h-3 w-3 rounded-full ring-2 ring-surface',
        isActive ? 'bg-success' : 'bg-danger',
      )}
      data-testid="status-dot"
      data-active={isActive}
    >
      <span className="sr-only">{t(isActive ? 'status.active' : 'status.inactive')}</span>
    </span>
  );
}

/** Client avatars: the first two letters of the first name. */
export function twoLetterInitials(firstname: string): string {
  return Array.from(firstname.trim()).slice(0, 2).join('') || '?';
}

/** Admin avatars: the first letter of the first name. */
export function oneLetterInitial(firstname: string): string {
  return Array.from(firstname.trim())[0] ?? '?';
}

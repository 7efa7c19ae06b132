import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Decorative; the busy element carries aria-busy or a label. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block animate-spin rounded-full border-2 border-current border-t-transparent', className)}
    />
  );
}

/** A centred spinner announced as "Loading…": where code or words are still on their way. */
export function LoadingStatus({ className, spinnerClassName }: { className?: string; spinnerClassName?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={cn('grid place-items-center', className)} role="status">
      <Spinner className={cn('h-6 w-6', spinnerClassName)} />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}

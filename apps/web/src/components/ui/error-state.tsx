import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface ErrorStateProps {
  /** The spec's words for the failure, e.g. 'Error fetching data'. */
  title: ReactNode;
  /** More detail, e.g. the server's message. */
  description?: ReactNode;
  /** Offers "Try again" when given. */
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A data view that failed to load: announced, with a way to try again. */
export function ErrorState({ title, description, onRetry, retrying = false, className }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center rounded-2xl border border-danger/30 bg-danger-soft/40 px-6 py-10 text-center',
        className,
      )}
      data-testid="error-state"
    >
      <span className="mb-3 grid h-12 w-12 place-items-center rounded-full bg-danger-soft text-danger">
        <TriangleAlert className="h-6 w-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-fg">{title}</p>
      {description && <p className="mt-1 max-w-md text-sm text-muted">{description}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-5" onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}

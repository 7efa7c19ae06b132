import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { StatePanel } from './state-panel';

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
    <StatePanel tone="error" icon={TriangleAlert} title={title} description={description} className={className}>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-5" onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      )}
    </StatePanel>
  );
}

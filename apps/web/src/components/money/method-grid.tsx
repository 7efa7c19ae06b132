import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { MethodCard, type TMethodSummary } from './method-card';

export interface MethodGridProps {
  kind: 'deposit' | 'withdrawal';
  title: string;
  subtitle: string;
  methods: TMethodSummary[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  onRetry: () => void;
  /** Words of the empty and error states. */
  emptyText: string;
  emptyHint: string;
  errorText: string;
  hrefFor: (method: TMethodSummary) => string;
  actionFor: (method: TMethodSummary) => string;
}

/** A method list page: heading, then the cards, or their loading, empty or error state. */
export function MethodGrid(props: MethodGridProps) {
  const { t } = useTranslation('common');
  const { methods } = props;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-fg">{props.title}</h1>
        <p className="mt-1 text-sm text-muted">{props.subtitle}</p>
      </div>
      {props.isPending ? (
        <div role="status" aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="loading">
          <span className="sr-only">{t('loading')}</span>
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-72 rounded-2xl" />
          ))}
        </div>
      ) : props.isError ? (
        <ErrorState title={props.errorText} onRetry={props.onRetry} retrying={props.isFetching} />
      ) : !methods || methods.length === 0 ? (
        <EmptyState icon={Landmark} title={props.emptyText} description={props.emptyHint} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {methods.map((method) => (
            <MethodCard
              key={method.id}
              method={method}
              kind={props.kind}
              to={props.hrefFor(method)}
              action={props.actionFor(method)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

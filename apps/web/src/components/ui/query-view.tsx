import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { ErrorState } from './error-state';
import { SkeletonList } from './skeleton';

export interface QueryViewProps<TData, TError> {
  query: UseQueryResult<TData, TError>;
  /** Shown while the first answer is on its way. */
  loading?: ReactNode;
  /** The spec's words for the failure. */
  errorTitle: ReactNode;
  /** More detail under the title; by default the failure's own words. Return nothing for the title alone. */
  errorDescription?: (error: TError) => ReactNode;
  /** When the answer counts as nothing to show; `empty` is shown then. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
}

/** The loading, error, empty and success states of one query's data view. */
export function QueryView<TData, TError>({
  query,
  loading = <SkeletonList />,
  errorTitle,
  errorDescription,
  isEmpty,
  empty,
  children,
}: QueryViewProps<TData, TError>) {
  const errorText = useApiErrorText();
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        description={errorDescription ? errorDescription(query.error) : errorText(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { QueryView } from './query-view';

const WIDTHS = { sm: 'max-w-3xl', md: 'max-w-5xl', lg: 'max-w-6xl' } as const;

export interface DetailPageProps<TData, TError> {
  /** The way back, above everything (`BackButton`). */
  back: ReactNode;
  query: UseQueryResult<TData, TError>;
  /** How wide the page grows. */
  width: keyof typeof WIDTHS;
  /** Placeholders laid out like the page (`LoadingStatus` around `Skeleton`s). */
  loading: ReactNode;
  /** The spec's words for the failure; the error state offers "Try again". */
  errorTitle: ReactNode;
  /** More detail under the title (`QueryView`'s); return nothing for the title alone. */
  errorDescription?: (error: TError) => ReactNode;
  children: (data: TData) => ReactNode;
}

/** One thing's page (a client, a transaction, a method): the way back, then the thing once it is loaded. */
export function DetailPage<TData, TError>({
  back,
  query,
  width,
  loading,
  errorTitle,
  errorDescription,
  children,
}: DetailPageProps<TData, TError>) {
  return (
    <div className={cn('mx-auto space-y-6', WIDTHS[width])}>
      {back}
      <QueryView query={query} loading={loading} errorTitle={errorTitle} errorDescription={errorDescription}>
        {children}
      </QueryView>
    </div>
  );
}

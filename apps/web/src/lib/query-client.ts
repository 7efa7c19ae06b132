import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Lists are fresh for 10 s and refetched on mount. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnMount: true,
      // A 4xx will not change on retry; network blips and 5xx get one more try.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    },
  },
});

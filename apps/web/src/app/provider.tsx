import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

// Toasts follow user actions, never the first paint: the library loads after it.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  const [theme] = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster theme={theme} position="top-right" richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}

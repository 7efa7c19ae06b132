import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

export function AppProvider({ children }: { children: ReactNode }) {
  const [theme] = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme={theme} position="top-right" richColors closeButton />
    </QueryClientProvider>
  );
}

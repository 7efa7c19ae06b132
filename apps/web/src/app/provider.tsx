import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '@/lib/lazy-component';
import { queryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

// Toasts follow user actions, never the first paint: the library loads after it.
const Toaster = lazyComponent(() => import('sonner'), 'Toaster');

export function AppProvider({ children }: { children: ReactNode }) {
  const [theme] = useTheme();
  const { t } = useTranslation('common');
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        {/* The region's name in the reader's language (sonner's own is English). */}
        <Toaster theme={theme} position="top-right" richColors closeButton containerAriaLabel={t('toastRegion')} />
      </Suspense>
    </QueryClientProvider>
  );
}

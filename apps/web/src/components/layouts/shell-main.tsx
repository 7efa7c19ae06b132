import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { cn } from '@/lib/cn';
import { ShellPageLoading } from './shell-page-loading';

export const MAIN_ID = 'main-content';

/** The first tab stop of each shell: jumps past the navigation to the page. */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-fg"
    >
      {t('skipToContent')}
    </a>
  );
}

/**
 * The page area; a thin bar at its top shows while the next page's code loads, and a page that
 * suspends (on a lazily loaded part, or on words) shows its loading state here, inside the frame.
 */
export function ShellMain({ children, className }: { children: ReactNode; className?: string }) {
  const navigation = useNavigation();
  return (
    <main id={MAIN_ID} tabIndex={-1} className={cn('relative flex-1 focus:outline-none', className)}>
      {navigation.state === 'loading' && (
        <div className="absolute inset-x-0 top-0 h-0.5 overflow-hidden bg-primary/20" aria-hidden="true">
          <div className="h-full w-1/3 bg-primary motion-safe:animate-pulse" />
        </div>
      )}
      <Suspense fallback={<ShellPageLoading />}>{children}</Suspense>
    </main>
  );
}

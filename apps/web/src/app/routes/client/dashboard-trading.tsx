import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useInView, WhenVisible } from '@/components/when-visible';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { LatestPositions } from '@/features/positions/components/latest-positions';
import { lazyComponent } from '@/lib/lazy-component';

/**
 * The order form's code, with its form and validation libraries, comes when the form first scrolls
 * into view: at once on a desktop, and on a phone (where it is below the fold) not before the
 * dashboard's first screen is up.
 */
const OpenPositionForm = lazyComponent(
  () => import('@/features/positions/components/open-position-form'),
  'OpenPositionForm',
);

/** The order form's placeholder while its code arrives: its four fields and its button. */
function OpenPositionFormLoading() {
  return (
    <LoadingStatus className="space-y-4" data-testid="open-position-loading">
      {['pair', 'amount', 'leverage', 'expiration'].map((field) => (
        <Skeleton key={field} className="h-16" />
      ))}
      <Skeleton className="h-11" />
    </LoadingStatus>
  );
}

/**
 * Dashboard: Open New Position, priced from the live stream while it is on the screen (below a
 * phone's fold, it does not re-render with every price until scrolled to). Once shown, the form stays
 * mounted, with what the client entered, when it scrolls away.
 */
export function DashboardOpenPosition({ userId }: { userId: string }) {
  const { t } = useTranslation('positions');
  const ref = useRef<HTMLElement>(null);
  const { quotes } = useLiveQuotes(useInView(ref));
  return (
    <section
      ref={ref}
      aria-labelledby="open-position-title"
      className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
      data-testid="dashboard-open-position"
    >
      <h2 id="open-position-title" className="mb-4 text-lg font-semibold text-fg">
        {t('form.title')}
      </h2>
      <WhenVisible minHeight="22rem" margin="0px">
        <Suspense fallback={<OpenPositionFormLoading />}>
          <OpenPositionForm userId={userId} quotes={quotes} aria-labelledby="open-position-title" />
        </Suspense>
      </WhenVisible>
    </section>
  );
}

/** Dashboard: the client's latest positions, open ones priced from the live stream while on the screen. */
export function DashboardPositions({ userId }: { userId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { quotes } = useLiveQuotes(useInView(ref));
  return (
    <div ref={ref} className="min-w-0">
      <LatestPositions userId={userId} quotes={quotes} />
    </div>
  );
}

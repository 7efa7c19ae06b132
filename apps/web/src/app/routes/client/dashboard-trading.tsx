import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from '@/components/when-visible';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { LatestPositions } from '@/features/positions/components/latest-positions';
import { OpenPositionForm } from '@/features/positions/components/open-position-form';

/**
 * Dashboard: Open New Position, priced from the live stream while it is on the screen (below a
 * phone's fold, it does not re-render with every price until scrolled to).
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
      <OpenPositionForm userId={userId} quotes={quotes} aria-labelledby="open-position-title" />
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

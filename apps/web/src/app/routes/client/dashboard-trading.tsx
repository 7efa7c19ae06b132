import { useTranslation } from 'react-i18next';
import { useLiveQuotes } from '@/features/market/hooks/use-live-quotes';
import { LatestPositions } from '@/features/positions/components/latest-positions';
import { OpenPositionForm } from '@/features/positions/components/open-position-form';

/** Dashboard: Open New Position, priced from the live stream. */
export function DashboardOpenPosition({ userId }: { userId: string }) {
  const { t } = useTranslation('trading');
  const { quotes } = useLiveQuotes();
  return (
    <section
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

/** Dashboard: the client's latest positions, open ones priced from the live stream. */
export function DashboardPositions({ userId }: { userId: string }) {
  const { quotes } = useLiveQuotes();
  return <LatestPositions userId={userId} quotes={quotes} />;
}

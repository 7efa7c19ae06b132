import type { TReserveSnapshotSummary } from '@meridian/contracts/reserves';
import { Landmark, Percent, Scale, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money';
import { SummaryFigure, SummaryFigures } from '@/components/ui/summary-figures';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { numberFormat } from '@/lib/format';
import { CoverageBadge } from './coverage';

/** A snapshot's headline figures: what is owed, what is held, the ratio, how many clients. */
export function SnapshotFigures({ snapshot }: { snapshot: TReserveSnapshotSummary }) {
  const { t, i18n } = useTranslation('reserves');
  const format = useLocaleFormat();
  return (
    <SummaryFigures
      title={t('figures.title', { date: format.dateTime(snapshot.createdAt) })}
      columns={4}
      testId="reserve-figures"
    >
      <SummaryFigure label={t('figures.liabilities')} icon={Scale} testId="reserve-liabilities">
        <Money amount={snapshot.liabilities} />
      </SummaryFigure>
      <SummaryFigure label={t('figures.assets')} icon={Landmark} testId="reserve-assets">
        <Money amount={snapshot.assets} />
      </SummaryFigure>
      <SummaryFigure label={t('figures.coverage')} icon={Percent} testId="reserve-coverage">
        <CoverageBadge bps={snapshot.coverageBps} />
      </SummaryFigure>
      <SummaryFigure label={t('figures.clients')} icon={Users} testId="reserve-clients">
        <span className="tabular-nums">{numberFormat(i18n.resolvedLanguage ?? 'en').format(snapshot.leafCount)}</span>
      </SummaryFigure>
    </SummaryFigures>
  );
}

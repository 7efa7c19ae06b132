import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { numberFormat } from '@/lib/format';

/** Basis points as a percentage with two decimals (10000 → 100.00 %), in the reader's format. */
export function useCoverageText(): (bps: number | null) => string {
  const { t, i18n } = useTranslation('reserves');
  return (bps) =>
    bps === null
      ? t('coverage.nothingOwed')
      : numberFormat(i18n.resolvedLanguage ?? 'en', {
          style: 'percent',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(bps / 10_000);
}

/** The coverage ratio, with words that say whether the assets cover what is owed (the colour only repeats them). */
export function CoverageBadge({ bps }: { bps: number | null }) {
  const { t } = useTranslation('reserves');
  const text = useCoverageText();
  const covered = bps === null || bps >= 10_000;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-semibold tabular-nums">{text(bps)}</span>
      <Badge tone={covered ? 'success' : 'danger'}>{covered ? t('coverage.covered') : t('coverage.short')}</Badge>
    </span>
  );
}

/** The root in full, on as many lines as it needs: 64 hex digits must never be cut. */
export function RootText({ root, testId }: { root: string; testId?: string }) {
  return (
    <code className="block break-all rounded-lg bg-surface-2 px-3 py-2 font-mono text-xs text-fg" data-testid={testId}>
      {root}
    </code>
  );
}

import { marginState, type TMarginState } from '@meridian/contracts/margin-terms';
import { type LucideIcon, OctagonAlert, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { formatPercent, numberFormat } from '@/lib/format';

export interface MarginLevelProps {
  /** The account's margin level in percent (contracts/margin-terms.ts), at the prices the page holds. */
  level: number;
  /** The operator's margin-call level, in percent, as the equity answer gives it. */
  callLevel: number;
  /** The operator's close-out level, in percent, as the equity answer gives it. */
  closeOutLevel: number;
  className?: string;
}

/** How a level below the margin-call or the close-out level reads: a badge that says so, in its colour. */
const LOOKS: Record<Exclude<TMarginState, 'ok'>, { tone: TBadgeTone; Icon: LucideIcon; label: string }> = {
  call: { tone: 'warning', Icon: TriangleAlert, label: 'marginLevel.call' },
  closeOut: { tone: 'danger', Icon: OctagonAlert, label: 'marginLevel.closeOut' },
};

/** A margin level as the pages write it: a percent with its 2 decimals, the reader's way ("1,000.00%", "245,31 %"). */
export function formatMarginLevel(level: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    level / 100,
  );
}

/**
 * The account's margin level (docs/money.md, "Margin level") as one figure of a `dl`: its name, the
 * level, a Margin call or Close-out badge below the operator's levels (words, not colour alone), and
 * those two levels written out under it. The account header and the Positions page show it alike;
 * each values the level itself (`equityAtLivePrices`) and leaves it out with no open position.
 */
export function MarginLevel({ level, callLevel, closeOutLevel, className }: MarginLevelProps) {
  const { t, i18n } = useTranslation('balances');
  const locale = i18n.resolvedLanguage ?? 'en';
  const state = marginState(level, { callLevel, closeOutLevel });
  const look = state === 'ok' ? null : LOOKS[state];
  return (
    <div className={className} data-testid="margin-level" data-state={state}>
      <dt className="text-sm text-muted">{t('marginLevel.title')}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-lg font-semibold tabular-nums text-fg" data-testid="margin-level-value">
          {formatMarginLevel(level, locale)}
        </span>
        {look && (
          <Badge tone={look.tone} icon={<look.Icon className="h-3.5 w-3.5" aria-hidden="true" />}>
            <span data-testid="margin-level-state">{t(look.label)}</span>
          </Badge>
        )}
      </dd>
      <dd className="mt-1 text-xs text-muted">
        {t('marginLevel.levels', {
          call: formatPercent(callLevel, locale, 2),
          closeOut: formatPercent(closeOutLevel, locale, 2),
        })}
      </dd>
    </div>
  );
}

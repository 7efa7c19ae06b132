import type { TPosition } from '@meridian/contracts/positions';
import { useTranslation } from 'react-i18next';
import { SignedMoney } from '@/components/ui/money';
import { cn } from '@/lib/cn';
import { formatDateTime, formatPrice } from '@/lib/format';

/** What a position would make at a level: "+$12.34 if reached", "−$5.00 if reached". */
export function LevelResult({ amount }: { amount: number }) {
  const { t } = useTranslation('positions');
  return (
    <span className="whitespace-nowrap" data-testid="level-result">
      <SignedMoney amount={amount} /> {t('levels.ifReached')}
    </span>
  );
}

/**
 * A position's take-profit and stop-loss in a list or a table cell, short ("TP 3,500.00 SL 2,900.00",
 * the full words for a screen reader); nothing when neither is set.
 */
export function PositionLevels({
  position,
  locale,
  className,
}: {
  position: Pick<TPosition, 'asset' | 'takeProfit' | 'stopLoss'>;
  locale: string | undefined;
  className?: string;
}) {
  const { t } = useTranslation('positions');
  const levels = [
    ['takeProfit', position.takeProfit, 'level-take-profit'],
    ['stopLoss', position.stopLoss, 'level-stop-loss'],
  ] as const;
  if (position.takeProfit === null && position.stopLoss === null) return null;
  return (
    <span className={cn('flex flex-wrap gap-x-2 text-xs font-normal text-muted', className)}>
      {levels.map(([name, level, testId]) =>
        level === null ? null : (
          <span key={name} className="whitespace-nowrap tabular-nums" data-testid={testId}>
            <span aria-hidden="true">{t(`levels.short.${name}`)} </span>
            <span className="sr-only">{t(`levels.${name}`)}: </span>
            {formatPrice(position.asset, level, locale)}
          </span>
        ),
      )}
    </span>
  );
}

/** "Expires <time>" (by `label`, the table's or the admin's words), or "No expiry" for a position that has none. */
export function ExpiryText({
  expiresAt,
  label,
  locale,
}: {
  expiresAt: string | null;
  label: 'positions.expires' | 'admin.expiresAt';
  locale: string | undefined;
}) {
  const { t } = useTranslation('positions');
  return <>{expiresAt === null ? t('levels.noExpiry') : t(label, { time: formatDateTime(expiresAt, locale) })}</>;
}
